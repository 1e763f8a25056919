/** productHealth (/product/:id/health): the pipeline health of one product's setups. */
import { productFlow } from '@/lib/setup-flow';
import { useRouteIds } from '@/lib/use-route-ids';
import { HealthPage } from '../components/health-page';

/** The router shows not-found for a bad id. */
export function Component() {
  const ids = useRouteIds('id');
  return ids && <HealthPage key={ids.id} flow={productFlow(ids.id)} />;
}
