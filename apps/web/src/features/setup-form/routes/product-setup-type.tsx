import { ProductNameLine } from '@/lib/product-name-line';
import { routePath } from '@/lib/routes';
import { useRouteIds } from '@/lib/use-route-ids';
import { SetupTypeChooser } from '../components/setup-type-chooser';

/** productSetupType (/product/:id/setup_type): prospect or existing client for the product. */
export function Component() {
  const ids = useRouteIds('id');
  const id = ids?.id ?? 0;
  return (
    <SetupTypeChooser
      prospectPath={routePath('productProspect', { id })}
      clientPath={routePath('productClient', { id })}
      headingNote={<ProductNameLine productId={ids?.id ?? null} />}
    />
  );
}
