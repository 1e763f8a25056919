/**
 * productSetupDetail (/product/:id/details/:setupId): a per-product setup's details. The router
 * shows not-found for a bad id.
 */
import { productFlow } from '@/lib/setup-flow';
import { useRouteIds } from '@/lib/use-route-ids';
import { SetupDetailsPage } from '../components/setup-details-page';

export function Component() {
  const ids = useRouteIds('id', 'setupId');
  return ids && <SetupDetailsPage key={ids.id} flow={productFlow(ids.id)} setupId={ids.setupId} />;
}
