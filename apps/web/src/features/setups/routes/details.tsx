/** remOmniSetupDetail (/rem_omni/details/:setupId). The router shows not-found for a bad id. */
import { useRouteIds } from '@/lib/use-route-ids';
import { SetupDetailsPage } from '../components/setup-details-page';

export function Component() {
  const ids = useRouteIds('setupId');
  return ids && <SetupDetailsPage setupId={ids.setupId} />;
}
