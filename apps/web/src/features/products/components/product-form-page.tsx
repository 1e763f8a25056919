import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  deriveProductRetailer,
  isProductSaveEnabled,
  MESSAGES,
  type Product,
} from '@onboarding/contracts';
import { diffFields } from '@onboarding/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTitleSubject } from '@/lib/document-title';
import { failureMessage } from '@/lib/api-error';
import { shapedLike, useKeepDraft, useRestoredDraft } from '@/lib/drafts';
import { readFresh } from '@/lib/fresh-baseline';
import { LeaveGuard } from '@/lib/leave-guard';
import { useNotify } from '@/lib/notify';
import { routePath } from '@/lib/routes';
import { UpdateReviewDialog, useUpdateReview } from '@/lib/update-review';
import { useErrorNotification } from '@/lib/use-error-notification';
import { productDetailsQuery, useProductDetails } from '@/lib/data/product-details';
import { useRegisterProduct, type ProductInput } from '../api/register-product';
import { useUpdateProduct } from '../api/update-product';
import { useCooldown } from '../hooks/use-cooldown';
import { useIdParam } from '../hooks/use-id-param';

const FIELDS = [
  ['productName', 'Product Name'],
  ['productPath', 'Product URL Path'],
] as const;

/** A stored product in the shape an update sends (trimmed), as its review compares it. */
const storedInput = (product: Product): ProductInput => ({
  productName: product.productName.trim(),
  productPath: product.productPath.trim(),
});

/** A kept draft of this form (lib/drafts.ts): its two fields. */
const parseProductDraft = shapedLike<ProductInput>({ productName: '', productPath: '' });

interface FormProps {
  /** The product being edited; absent when adding. */
  product?: Product;
}

/** The product name and URL path, trimmed, with the retailer derived from the path shown. */
function ProductForm({ product }: FormProps) {
  const isEdit = product !== undefined;
  // What the operator had typed when a session end took them to sign in (lib/drafts.ts).
  const draft = useRestoredDraft('product', parseProductDraft);
  const [initial] = useState({
    productName: product?.productName ?? '',
    productPath: product?.productPath ?? '',
  });
  const [productName, setProductName] = useState(draft?.productName ?? initial.productName);
  const [productPath, setProductPath] = useState(draft?.productPath ?? initial.productPath);
  const [pathError, setPathError] = useState<string | null>(null);
  const dirty =
    draft !== undefined ||
    productName !== initial.productName ||
    productPath !== initial.productPath;
  useKeepDraft('product', { productName, productPath }, dirty);
  const allowLeave = useRef(false);
  const notify = useNotify();
  const navigate = useNavigate();
  const register = useRegisterProduct();
  const update = useUpdateProduct();
  const cooldown = useCooldown();
  const queryClient = useQueryClient();
  const updateButton = useRef<HTMLButtonElement>(null);
  const review = useUpdateReview<ProductInput, ProductInput>({
    updateButton,
    opened: product && storedInput(product),
    read: async () =>
      storedInput(await readFresh(queryClient, productDetailsQuery(product?.productId ?? 0))),
    what: 'The product',
  });
  const saving = register.isPending || update.isPending;

  const retailer = deriveProductRetailer(productPath);
  const canSave = isProductSaveEnabled(productName) && !saving && !cooldown.coolingDown;

  const toList = (message: string, severity: 'success' | 'info') => {
    allowLeave.current = true;
    notify(message, { severity });
    void navigate(routePath('seeAllProduct'));
  };

  const saveOptions = {
    onSuccess: (message: string) => toList(message, 'success'),
    onError: (error: unknown) => notify(failureMessage(error), { severity: 'error' }),
    onSettled: () => cooldown.start(),
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    const body = { productName: productName.trim(), productPath: productPath.trim() };
    // The register/update calls need a path; say so here rather than let the gateway refuse it.
    if (body.productPath === '') {
      setPathError(MESSAGES.fieldRequired);
      return;
    }
    if (!product) {
      register.mutate(body, saveOptions);
      return;
    }
    const asked = review.request((before) => {
      const fields = diffFields(before, body, FIELDS);
      return fields.length > 0 ? { body, changes: { fields } } : null;
    });
    void asked.then((result) => {
      // Nothing changed (spaces aside): the specification's message and back to the list, as before.
      if (result === 'unchanged') toList(MESSAGES.productNoChanges, 'info');
    });
  };

  // Sends the body the review showed; a failure closes it and says why, as a save always has.
  const confirmUpdate = (body: ProductInput) => {
    if (!product) return;
    update.mutate(
      { ...body, productId: product.productId },
      {
        ...saveOptions,
        onError: (error) => {
          review.close();
          saveOptions.onError(error);
        },
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 640 }}>
      <Stack component="form" noValidate spacing={3} onSubmit={submit} aria-label="Product">
        <TextField
          label="Product Name"
          required
          value={productName}
          onChange={(e) => setProductName(e.target.value)}
          helperText="Longer than 3 characters."
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <TextField
          label="Product URL Path"
          required
          value={productPath}
          onChange={(e) => {
            setProductPath(e.target.value);
            setPathError(null);
          }}
          placeholder="/dashboard/amazon/share-of-voice"
          error={pathError !== null}
          helperText={
            pathError ??
            (retailer
              ? `Retailer: ${retailer}`
              : 'The path after the host; its segment after the leading part names the retailer.')
          }
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        <Box>
          <Button
            ref={updateButton}
            type="submit"
            variant="contained"
            disabled={!canSave}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {isEdit ? 'Update Product' : 'Submit Request'}
          </Button>
        </Box>
        <UpdateReviewDialog
          review={review}
          title="Review changes to the product"
          confirmLabel="Update Product"
          busy={update.isPending}
          onConfirm={confirmUpdate}
        />
        <LeaveGuard when={dirty} allowed={allowLeave} />
      </Stack>
    </Paper>
  );
}

/** /product/register_product (addProduct) and /product/edit_product/:id (editProduct). */
export function ProductFormPage({ mode }: { mode: 'add' | 'edit' }) {
  const productId = useIdParam('id');
  const details = useProductDetails(mode === 'edit' ? productId : null);
  useTitleSubject(details.data?.productName);
  useErrorNotification(details.error);

  let body;
  if (mode === 'add') body = <ProductForm />;
  else if (productId === null) body = <Alert severity="error">This product does not exist.</Alert>;
  else if (details.data) body = <ProductForm key={productId} product={details.data} />;
  else if (details.isError) body = <Alert severity="error">{failureMessage(details.error)}</Alert>;
  else body = <CircularProgress aria-label="Loading product" />;

  return (
    <Box>
      <Typography component="h1" variant="h1" sx={{ mb: 2 }}>
        {mode === 'edit' ? 'Edit Product' : 'Add Product'}
      </Typography>
      {body}
    </Box>
  );
}
