import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { stepLabel, type Step, type WorkflowResponse } from '@onboarding/contracts';
import { formatDateTime } from '@/lib/format-date';
import { useNow } from '@/lib/use-now';
import { formatDuration } from '../utils/duration';
import { expectedLive, type StepEstimate } from '../utils/expected-live';

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
export function ExpectedLivePanel({
  showDate = true,
  steps,
  workflow,
  retailerNames,
}: {
  /** False while the fleet snapshot's forecast gives the date (issue 32): one date a page. */
  showDate?: boolean;
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
      {showDate ? <Typography>{text}</Typography> : null}
      {estimate.overdueSteps.map((step) => (
        <Alert key={`${step.retailerId ?? 0}-${step.stepName}`} severity="warning">
          {overdueText(step, retailerNames)}
        </Alert>
      ))}
    </Box>
  );
}
