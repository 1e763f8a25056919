import Typography from '@mui/material/Typography';
import { ProductNameLine } from '@/lib/product-name-line';
import { ProductNotFound, useProductPresence } from '@/lib/product-presence';
import { routePath } from '@/lib/routes';
import { useRouteIds } from '@/lib/use-route-ids';
import { SetupTypeChooser } from '../components/setup-type-chooser';

/** productSetupType (/product/:id/setup_type): prospect or existing client for the product. */
export function Component() {
  const ids = useRouteIds('id');
  const id = ids?.id ?? 0;
  // An unknown product offers no way on to its forms.
  if (useProductPresence(ids?.id ?? null).missing) {
    return (
      <>
        <Typography component="h1" variant="h1" sx={{ mb: 2 }}>
          Add New Setup
        </Typography>
        <ProductNotFound />
      </>
    );
  }
  return (
    <SetupTypeChooser
      prospectPath={routePath('productProspect', { id })}
      clientPath={routePath('productClient', { id })}
      headingNote={<ProductNameLine productId={ids?.id ?? null} />}
    />
  );
}
