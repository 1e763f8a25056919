import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LoadingBlock } from '@onboarding/ui';
import { useProductDetails } from '@/lib/data/product-details';
import { useTitleSubject } from '@/lib/document-title';
import { ProductNameLine } from '@/lib/product-name-line';
import { useStepList } from '@/lib/data/step-list';
import { useRetailerNames } from '@/lib/data/retailers';
import { useSetupDetails } from '@/lib/data/setup-details';
import { useWorkflowData } from '@/lib/data/workflow-data';
import { useSessionConfig } from '@/lib/session';
import { REM_OMNI_FLOW, type SetupFlow } from '@/lib/setup-flow';
import { SectionCard } from '@/lib/section-card';
import { useErrorNotification } from '@/lib/use-error-notification';
// In the order the page shows them: the first import of a util this page shares with the setups
// list sets the order (and name) of their shared chunk, which the list's first load carries.
import { ClientDetails } from './client-details';
import { FlowLoadError } from './error-alert';
import { WorkflowSections } from './workflow-sections';
import { useSetupForecast } from '../hooks/use-setup-forecast';
import { BrowseNodeCards } from './browse-node-cards';
import { WatchSetupButton } from './watch-setup-button';

/**
 * /rem_omni/details/:setupId (or, with a product flow, /product/:id/details/:setupId): client
 * details, live workflow, history, browse nodes.
 */
export function SetupDetailsPage({
  flow = REM_OMNI_FLOW,
  setupId,
}: {
  flow?: SetupFlow;
  /** The route's id, parsed by lib/route-id.ts. */
  setupId: number;
}) {
  const config = useSessionConfig();
  const details = useSetupDetails(flow, setupId);
  const workflow = useWorkflowData(flow, setupId);
  const retailers = useRetailerNames(flow);
  const { productId } = flow;
  const product = useProductDetails(productId);
  const productSteps = useStepList(productId);
  const forecast = useSetupForecast(flow, setupId, workflow.data);
  useErrorNotification(product.error, productId !== null);
  useErrorNotification(productSteps.error, productId !== null);
  useTitleSubject(details.data?.clientDetails.clientName);

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography component="h1" variant="h1">
          Setup Details
        </Typography>
        <ProductNameLine productId={productId} />
        <WatchSetupButton flow={flow} setupId={setupId} />
      </Box>
      {retailers.isError ? (
        <FlowLoadError flow={flow} query={retailers} what="retailer names" />
      ) : null}

      <SectionCard title="Client Details">
        {details.isPending ? <LoadingBlock label="Loading client details" /> : null}
        {details.isError ? (
          <FlowLoadError flow={flow} query={details} what="client details" />
        ) : null}
        {details.data ? (
          <ClientDetails
            flow={flow}
            details={details.data}
            dashboardBaseUrl={config?.dashboardBaseUrl}
            productPath={product.data?.productPath}
            retailerNames={retailers.data}
          />
        ) : null}
      </SectionCard>

      <WorkflowSections
        flow={flow}
        workflow={workflow}
        forecast={forecast}
        productSteps={productSteps.data}
        retailerNames={retailers.data}
      />

      <SectionCard title="Browse Nodes">
        {Number.isInteger(setupId) && setupId > 0 ? (
          <BrowseNodeCards flow={flow} setupId={setupId} retailerNames={retailers.data} />
        ) : null}
      </SectionCard>
    </Box>
  );
}
