/** productFailures (/product/:id/failures): the failure board of one product's setups. */
import { productFlow } from '@/lib/setup-flow';
import { useRouteIds } from '@/lib/use-route-ids';
import { FailureBoardPage } from '../components/failure-board-page';

/** The router shows not-found for a bad id. */
export function Component() {
  const ids = useRouteIds('id');
  return ids && <FailureBoardPage key={ids.id} flow={productFlow(ids.id)} />;
}
