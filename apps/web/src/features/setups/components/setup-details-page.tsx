import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import {
  stepLabel,
  type SetupDetailsResponse,
  type Step,
  type WorkflowEntry,
  type WorkflowResponse,
} from '@onboarding/contracts';
import { Timeline, type TimelineEntry } from '@onboarding/ui';
import type { ReactNode } from 'react';
import { useProductDetails } from '@/lib/data/product-details';
import { useStepList } from '@/lib/data/step-list';
import { useBrowseNodes } from '@/lib/data/browse-nodes';
import { useRetailerNames } from '@/lib/data/retailers';
import { useSetupDetails } from '@/lib/data/setup-details';
import { isWorkflowRunning, useWorkflowData } from '@/lib/data/workflow-data';
import { clientDashboardUrl, useSessionConfig } from '@/lib/session';
import { REM_OMNI_FLOW, type SetupFlow } from '@/lib/setup-flow';
import { useErrorNotification } from '@/lib/use-error-notification';
import { useNow } from '@/lib/use-now';
import { productDashboardUrl } from '../utils/dashboard-link';
import { expectedLive, formatDuration, type StepEstimate } from '../utils/expected-live';
import { buildNodeTree } from '../utils/node-tree';
import { stepStatusLook } from '../utils/status';
import { formatDateTime } from '@/lib/format-date';
import { FlowLoadError } from './error-alert';
import { UpdatedAgo } from './updated-ago';

const TIMELINE_HEIGHT = 440;

function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardHeader
        title={title}
        action={action}
        slotProps={{ title: { component: 'h2', variant: 'h2' } }}
        sx={{ '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
      />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

function ClientDetails({
  flow,
  details,
  dashboardBaseUrl,
  productPath,
  retailerNames,
}: {
  flow: SetupFlow;
  details: SetupDetailsResponse;
  dashboardBaseUrl: string | undefined;
  productPath: string | undefined;
  retailerNames: ReadonlyMap<number, string> | undefined;
}) {
  const c = details.clientDetails;
  let href: string | null = null;
  if (dashboardBaseUrl && flow.dashboard === 'client') {
    href = clientDashboardUrl(dashboardBaseUrl, c.clientId);
  } else if (dashboardBaseUrl && productPath) {
    href = productDashboardUrl({
      baseUrl: dashboardBaseUrl,
      clientName: c.clientName,
      productPath,
      clientRetailers: details.retailers.map(
        (r) => r.retailerName ?? retailerNames?.get(r.retailerId) ?? '',
      ),
    });
  }
  const rows: [string, ReactNode][] = [
    [
      'Client Name',
      href ? (
        <Link href={href} target="_blank" rel="noopener noreferrer">
          {c.clientName}
        </Link>
      ) : (
        c.clientName
      ),
    ],
    ['Brands', details.brandsDetails.brands.join(', ') || 'NA'],
    ['Client Id', c.clientId],
    ['Is Prospect', c.isNewClient ? 'Yes' : 'No'],
    ['Region', c.region],
    ['Created On', formatDateTime(c.createdat, 'NA')],
    ['Updated On', formatDateTime(c.updatedat, 'NA')],
    ['Setup Id', c.setupId],
  ];
  if (flow.alwaysScheduled) {
    rows.push(['Scheduled', c.scheduled ? 'Yes' : 'No']);
    const texts = details.scheduleDetails.map((d) => d.rruleText).filter(Boolean);
    if (texts.length > 0) rows.push(['Schedule', texts.join('; ')]);
  }
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'max-content 1fr', md: 'repeat(2, max-content 1fr)' },
        columnGap: 3,
        rowGap: 1,
        m: 0,
        '& dt': { color: 'text.secondary' },
        '& dd': { m: 0, wordBreak: 'break-word' },
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}

function timelineEntries(
  entries: readonly WorkflowEntry[],
  retailerNames: ReadonlyMap<number, string> | undefined,
  prefix: string,
): TimelineEntry[] {
  return entries.map((e, i) => {
    const look = stepStatusLook(e.status);
    const retailer = retailerNames?.get(e.retailerId);
    return {
      id: `${prefix}-${i}-${e.retailerId}-${e.stepName}`,
      title: stepLabel(e.stepName),
      statusLabel: look.label,
      tone: look.tone,
      icon: look.icon,
      details: [
        { label: 'Retailer Id', value: retailer ? `${e.retailerId} (${retailer})` : e.retailerId },
        { label: 'Marketshare Enabled', value: e.ismarketshareEnabled ? 'Yes' : 'No' },
        { label: 'Updated At', value: formatDateTime(e.updatedat, 'NA') },
        { label: 'Requested By', value: e.requestedby ?? 'NA' },
        { label: 'Status Payload', value: e.statusPayload ?? 'NA' },
      ],
    };
  });
}

function BrowseNodesCards({
  flow,
  setupId,
  retailerNames,
}: {
  flow: SetupFlow;
  setupId: number;
  retailerNames: ReadonlyMap<number, string> | undefined;
}) {
  const nodes = useBrowseNodes(flow, setupId);
  if (nodes.isPending) return <Loading label="Loading browse nodes" />;
  if (nodes.isError) {
    return <FlowLoadError flow={flow} query={nodes} what="browse nodes" />;
  }
  const tree = buildNodeTree(nodes.data);
  if (tree.length === 0) return <Typography color="text.secondary">No browse nodes</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: 'repeat(2, 1fr)' } }}>
      {tree.map(({ retailerId, parents }) => {
        const name = retailerNames?.get(retailerId) ?? `Retailer ${retailerId}`;
        return (
          <Card key={retailerId} variant="outlined" component="article" aria-label={name}>
            <CardHeader title={name} slotProps={{ title: { component: 'h3', variant: 'h3' } }} />
            <CardContent sx={{ pt: 0 }}>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {parents.map((p) => (
                  <li key={p.id}>
                    <Typography component="span" sx={{ fontWeight: 600 }}>
                      {p.nodePath}
                    </Typography>{' '}
                    <Typography component="span" variant="body2" color="text.secondary">
                      ({p.id})
                    </Typography>
                    {p.children.length > 0 ? (
                      <Box component="ul" sx={{ pl: 2.5 }}>
                        {p.children.map((c) => (
                          <li key={c.id}>
                            {c.nodePath}{' '}
                            <Typography component="span" variant="body2" color="text.secondary">
                              ({c.id})
                            </Typography>
                          </li>
                        ))}
                      </Box>
                    ) : null}
                  </li>
                ))}
              </Box>
            </CardContent>
          </Card>
        );
      })}
    </Box>
  );
}

function overdueText(step: StepEstimate, retailerNames: ReadonlyMap<number, string> | undefined) {
  const retailer =
    step.retailerId === null
      ? ''
      : ` (${retailerNames?.get(step.retailerId) ?? `Retailer ${step.retailerId}`})`;
  return `${stepLabel(step.stepName)}${retailer} is overdue by ${formatDuration(step.overdueByMs)}`;
}

/**
 * Beyond the spec (per-product view): when the setup should be live, from the product's steps'
 * expected execution times and the workflow; steps running past their expected time are overdue.
 */
function ExpectedLivePanel({
  steps,
  workflow,
  retailerNames,
}: {
  steps: readonly Step[];
  workflow: WorkflowResponse;
  retailerNames: ReadonlyMap<number, string> | undefined;
}) {
  // Every 30 s, so "overdue" follows the clock between refetches.
  const now = useNow(30_000);
  const estimate = expectedLive({
    steps,
    currentWorkflow: workflow.currentWorkflow,
    historyWorkflow: workflow.historyWorkflow,
    now,
  });
  let text: string;
  if (estimate.state === 'live') {
    text = `Live since ${estimate.expectedLiveAt === null ? 'NA' : formatDateTime(estimate.expectedLiveAt)}`;
  } else if (estimate.expectedLiveAt !== null) {
    text = `Expected live by ${formatDateTime(estimate.expectedLiveAt)}`;
  } else {
    text = `Expected live by: unknown. ${estimate.reason ?? ''}`.trim();
  }
  return (
    <Box aria-label="Expected live" role="group" sx={{ display: 'grid', gap: 1, mb: 2 }}>
      <Typography>{text}</Typography>
      {estimate.overdueSteps.map((step) => (
        <Alert key={`${step.retailerId ?? 0}-${step.stepName}`} severity="warning">
          {overdueText(step, retailerNames)}
        </Alert>
      ))}
    </Box>
  );
}

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
  const running = workflow.data ? isWorkflowRunning(workflow.data.currentWorkflow) : false;
  useErrorNotification(product.error, productId !== null);
  useErrorNotification(productSteps.error, productId !== null);

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography component="h1" variant="h1">
        Setup Details
      </Typography>
      {retailers.isError ? (
        <FlowLoadError flow={flow} query={retailers} what="retailer names" />
      ) : null}

      <Section title="Client Details">
        {details.isPending ? <Loading label="Loading client details" /> : null}
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
      </Section>

      <Section
        title="Workflow Status"
        action={
          workflow.data ? <UpdatedAgo updatedAt={workflow.dataUpdatedAt} live={running} /> : null
        }
      >
        {workflow.isPending ? <Loading label="Loading workflow status" /> : null}
        {workflow.isError ? (
          <FlowLoadError flow={flow} query={workflow} what="workflow status" />
        ) : null}
        {workflow.data && productSteps.data ? (
          <ExpectedLivePanel
            steps={productSteps.data}
            workflow={workflow.data}
            retailerNames={retailers.data}
          />
        ) : null}
        {workflow.data ? (
          <Timeline
            label="Workflow Status timeline"
            height={TIMELINE_HEIGHT}
            entries={timelineEntries(workflow.data.currentWorkflow, retailers.data, 'current')}
            emptyText="No workflow steps yet"
          />
        ) : null}
      </Section>

      {workflow.data && workflow.data.historyWorkflow.length > 0 ? (
        <Section title="Workflow Status History">
          <Timeline
            label="Workflow Status History timeline"
            height={TIMELINE_HEIGHT}
            entries={timelineEntries(workflow.data.historyWorkflow, retailers.data, 'history')}
          />
        </Section>
      ) : null}

      <Section title="Browse Nodes">
        {Number.isInteger(setupId) && setupId > 0 ? (
          <BrowseNodesCards flow={flow} setupId={setupId} retailerNames={retailers.data} />
        ) : null}
      </Section>
    </Box>
  );
}
