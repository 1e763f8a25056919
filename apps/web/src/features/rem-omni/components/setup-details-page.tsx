import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { stepLabel, type SetupDetailsResponse, type WorkflowEntry } from '@onboarding/contracts';
import { Timeline, type TimelineEntry } from '@onboarding/ui';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { clientDashboardUrl, useSessionConfig } from '@/lib/session';
import { useBrowseNodes } from '../api/browse-nodes';
import { useRetailerNames } from '../api/get-retailers';
import { useSetupDetails } from '../api/setup-details';
import { isWorkflowRunning, useWorflowData } from '../api/worflow-data';
import { buildNodeTree } from '../utils/node-tree';
import { stepStatusLook } from '../utils/status';
import { LoadErrorAlert } from './error-alert';
import { UpdatedAgo } from './updated-ago';

const TIMELINE_HEIGHT = 440;

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function formatDateTime(value: string | null | undefined): string {
  if (!value) return 'NA';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date);
}

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
  details,
  dashboardBaseUrl,
}: {
  details: SetupDetailsResponse;
  dashboardBaseUrl: string | undefined;
}) {
  const c = details.clientDetails;
  const rows: [string, ReactNode][] = [
    [
      'Client Name',
      dashboardBaseUrl ? (
        <Link
          href={clientDashboardUrl(dashboardBaseUrl, c.clientId)}
          target="_blank"
          rel="noopener noreferrer"
        >
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
    ['Created On', formatDateTime(c.createdat)],
    ['Updated On', formatDateTime(c.updatedat)],
    ['Setup Id', c.setupId],
  ];
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
        { label: 'Updated At', value: formatDateTime(e.updatedat) },
        { label: 'Requested By', value: e.requestedby ?? 'NA' },
        { label: 'Status Payload', value: e.statusPayload ?? 'NA' },
      ],
    };
  });
}

function BrowseNodesCards({
  setupId,
  retailerNames,
}: {
  setupId: number;
  retailerNames: ReadonlyMap<number, string> | undefined;
}) {
  const nodes = useBrowseNodes(setupId);
  if (nodes.isPending) return <Loading label="Loading browse nodes" />;
  if (nodes.isError) return <LoadErrorAlert error={nodes.error} />;
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

/** /rem_omni/details/:setupId: client details, live workflow, history, browse nodes. */
export function SetupDetailsPage() {
  const { setupId: raw } = useParams();
  const setupId = Number(raw);
  const config = useSessionConfig();
  const details = useSetupDetails(setupId);
  const workflow = useWorflowData(setupId);
  const retailers = useRetailerNames();
  const running = workflow.data ? isWorkflowRunning(workflow.data.currentWorkflow) : false;

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography component="h1" variant="h1">
        Setup Details
      </Typography>
      {retailers.isError ? <LoadErrorAlert error={retailers.error} /> : null}

      <Section title="Client Details">
        {details.isPending ? <Loading label="Loading client details" /> : null}
        {details.isError ? <LoadErrorAlert error={details.error} /> : null}
        {details.data ? (
          <ClientDetails details={details.data} dashboardBaseUrl={config?.dashboardBaseUrl} />
        ) : null}
      </Section>

      <Section
        title="Workflow Status"
        action={
          workflow.data ? <UpdatedAgo updatedAt={workflow.dataUpdatedAt} live={running} /> : null
        }
      >
        {workflow.isPending ? <Loading label="Loading workflow status" /> : null}
        {workflow.isError ? <LoadErrorAlert error={workflow.error} /> : null}
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
          <BrowseNodesCards setupId={setupId} retailerNames={retailers.data} />
        ) : null}
      </Section>
    </Box>
  );
}
