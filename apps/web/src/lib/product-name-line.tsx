import Typography from '@mui/material/Typography';
import { useProductDetails } from './data/product-details';
import { useTitleProduct } from './document-title';

/**
 * The line under a per-product screen's heading naming its product, which also puts the name in
 * the tab's title (docs/requirements.md#decision-product-name). Nothing for the Category
 * Leaderboard (`productId` null) or until the product is known.
 */
export function ProductNameLine({ productId }: { productId: number | null }) {
  const name = useProductDetails(productId).data?.productName;
  useTitleProduct(name);
  if (!name) return null;
  return (
    <Typography variant="subtitle1" color="text.secondary" data-testid="product-name">
      Product: {name}
    </Typography>
  );
}
