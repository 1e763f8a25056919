/** remOmniHealth (/rem_omni/health): the pipeline health of the Category Leaderboard setups. */
import { REM_OMNI_FLOW } from '@/lib/setup-flow';
import { HealthPage } from '../components/health-page';

export function Component() {
  return <HealthPage flow={REM_OMNI_FLOW} />;
}
