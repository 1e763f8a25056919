/** seeAllSetup (/product/:id/all_setup): the setups list of one product. */
import { productFlow } from '@/lib/setup-flow';
import { useRouteIds } from '@/lib/use-route-ids';
import { SetupsListPage } from '../components/setups-list-page';

/** The router shows not-found for a bad id. */
export function Component() {
  const ids = useRouteIds('id');
  return ids && <SetupsListPage key={ids.id} flow={productFlow(ids.id)} />;
}
