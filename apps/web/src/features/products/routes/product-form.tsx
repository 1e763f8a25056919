import { useRouteMeta } from '@/lib/route-meta';
import { ProductFormPage } from '../components/product-form-page';

/** addProduct (/product/register_product) and editProduct (/product/edit_product/:id). */
export function Component() {
  const meta = useRouteMeta();
  return <ProductFormPage mode={meta?.name === 'editProduct' ? 'edit' : 'add'} />;
}
