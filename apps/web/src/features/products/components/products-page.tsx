import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SEARCH_DEBOUNCE_MS, type Product } from '@onboarding/contracts';
import { DataTable, DebouncedSearchField, type DataTableColumn } from '@onboarding/ui';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { routePath } from '@/lib/routes';
import { useErrorNotification } from '@/lib/use-error-notification';
import { useProductList } from '@/lib/data/product-list';
import { filterProducts } from '../utils/product-search';
import { ProductActionsMenu } from './product-actions-menu';

const columns: readonly DataTableColumn<Product>[] = [
  { id: 'sr', header: 'Sr No.', width: 96, render: (_p, index) => index + 1 },
  { id: 'name', header: 'Product Name', render: (p) => p.productName },
  {
    id: 'actions',
    header: 'Actions',
    width: 96,
    align: 'center',
    render: (p) => <ProductActionsMenu product={p} />,
  },
];

/** /product/see_all (seeAllProduct): every product, searched by name on the client. */
export function ProductsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get('search') ?? '';
  const products = useProductList();
  useErrorNotification(products.error);

  const rows = useMemo(() => filterProducts(products.data ?? [], search), [products.data, search]);

  return (
    <Box>
      <Typography component="h1" variant="h1" sx={{ mb: 2 }}>
        Products
      </Typography>
      <Stack
        direction="row"
        spacing={2}
        sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <DebouncedSearchField
          value={search}
          onSearch={(text) => setSearchParams(text ? { search: text } : {}, { replace: true })}
          placeholder="Search product name"
          delayMs={SEARCH_DEBOUNCE_MS}
        />
        <Button
          component={Link}
          to={routePath('addProduct')}
          variant="contained"
          startIcon={<Add />}
        >
          Add New Product
        </Button>
      </Stack>
      <DataTable
        label="Products"
        columns={columns}
        rows={rows}
        getRowId={(p) => String(p.productId)}
        loading={products.isPending && !products.isError}
        loadingLabel="Loading products"
      />
    </Box>
  );
}
