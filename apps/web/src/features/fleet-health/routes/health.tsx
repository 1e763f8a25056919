/** remOmniHealth (/rem_omni/health): the pipeline health of the Category Leaderboard setups. */
import { HealthPage } from '../components/health-page';

export function Component() {
  return <HealthPage productId={null} />;
}
