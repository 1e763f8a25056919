/** stepDetails (/product/:id/step_detail): a product's ordered workflow steps. */
import { useRouteIds } from '@/lib/use-route-ids';
import { StepsPage } from '../components/steps-page';

/** The router shows not-found for a bad id. */
export function Component() {
  const ids = useRouteIds('id');
  return ids && <StepsPage key={ids.id} productId={ids.id} />;
}
