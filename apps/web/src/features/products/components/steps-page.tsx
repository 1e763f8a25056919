import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LoadError, LoadingBlock } from '@onboarding/ui';
import { useTitleProduct } from '@/lib/document-title';
import { failureMessage } from '@/lib/api-error';
import { useErrorNotification } from '@/lib/use-error-notification';
import { useProductDetails } from '@/lib/data/product-details';
import { useStepList } from '@/lib/data/step-list';
import { StepListEditor } from './step-list-editor';

/** /product/:id/step_detail (stepDetails): a product's ordered workflow steps. */
export function StepsPage({ productId }: { productId: number }) {
  const product = useProductDetails(productId);
  useTitleProduct(product.data?.productName);
  const steps = useStepList(productId);
  useErrorNotification(steps.error);
  useErrorNotification(product.error);

  let body;
  if (steps.data) {
    // A reload (after a save) brings a new list: the editor starts again from it.
    body = <StepListEditor key={steps.dataUpdatedAt} productId={productId} steps={steps.data} />;
  } else if (steps.isError) {
    body = (
      <LoadError
        message={failureMessage(steps.error)}
        onRetry={() => void steps.refetch()}
        retrying={steps.isFetching}
      />
    );
  } else body = <LoadingBlock label="Loading steps" />;

  return (
    <Box>
      <Typography component="h1" variant="h1" sx={{ mb: product.data ? 0.5 : 2 }}>
        Steps
      </Typography>
      {product.data ? (
        <Typography variant="subtitle1" color="text.secondary" sx={{ mb: 2 }}>
          {product.data.productName}
        </Typography>
      ) : null}
      {body}
    </Box>
  );
}
