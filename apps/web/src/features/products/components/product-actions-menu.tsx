import type { Product } from '@onboarding/contracts';
import { ActionsMenu } from '@onboarding/ui';
import { Link } from 'react-router-dom';
import { routePath } from '@/lib/routes';

/** A product row's menu: Edit Product, View All Step, View All Setup. */
export function ProductActionsMenu({ product }: { product: Product }) {
  const id = product.productId;
  return (
    <ActionsMenu
      label={`Actions for ${product.productName}`}
      linkComponent={Link}
      items={[
        { label: 'Edit Product', href: routePath('editProduct', { id }) },
        { label: 'View All Step', href: routePath('stepDetails', { id }) },
        { label: 'View All Setup', href: routePath('seeAllSetup', { id }) },
      ]}
    />
  );
}
