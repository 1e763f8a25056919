import { useRouteMeta } from '@/lib/route-meta';
import { productFlow } from '@/lib/setup-flow';
import { useRouteIds } from '@/lib/use-route-ids';
import { SetupFormScreen } from '../components/setup-form-screen';
import { modeOf } from '../utils/route-mode';

/**
 * productProspect, productClient, productEditSetup: the per-product form (with a schedule). The
 * router shows not-found for a bad id.
 */
export function Component() {
  const meta = useRouteMeta();
  const mode = modeOf(meta);
  const product = useRouteIds('id');
  const edited = useRouteIds('setupId');
  if (!product) return null;
  return (
    <SetupFormScreen
      key={`${mode}-${product.id}-${edited?.setupId ?? ''}`}
      flow={productFlow(product.id)}
      mode={mode}
      {...(edited ? { setupId: edited.setupId } : {})}
    />
  );
}
