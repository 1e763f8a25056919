import type { Step, WorkflowResponse } from '@onboarding/contracts';
import { LoadingBlock, Timeline } from '@onboarding/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import { isWorkflowRunning } from '@/lib/data/workflow-data';
import { SectionCard } from '@/lib/section-card';
import type { SetupFlow } from '@/lib/setup-flow';
import { timelineGroups } from '../utils/timeline-groups';
import { FlowLoadError } from './error-alert';
import type { ForecastLine } from '../utils/forecast-text';
import { ExpectedLivePanel } from './expected-live-panel';
import { ForecastLines } from './forecast-lines';
import { UpdatedAgo } from './updated-ago';

const TIMELINE_HEIGHT = 440;

/**
 * The setup details page's Workflow Status (the forecast, the live workflow, with the
 * expected-live panel when the product's steps are known) and, once a run is behind it, Workflow Status History.
 */
export function WorkflowSections({
  flow,
  workflow,
  forecast,
  productSteps,
  retailerNames,
}: {
  flow: SetupFlow;
  workflow: UseQueryResult<WorkflowResponse>;
  /** The fleet snapshot's forecast of the setup (hooks/use-setup-forecast.ts). */
  forecast: readonly ForecastLine[];
  /** The product's steps (per-product flow only): their expected times say when it goes live. */
  productSteps: readonly Step[] | undefined;
  retailerNames: ReadonlyMap<number, string> | undefined;
}) {
  const running = workflow.data ? isWorkflowRunning(workflow.data.currentWorkflow) : false;
  // The page gives one date: the snapshot's forecast; until the snapshot has read the setup, a
  // product's expected times give it (the panel's own), rather than "being worked out".
  const lines = productSteps && forecast.some((l) => l.kind === 'pending') ? [] : forecast;
  return (
    <>
      <SectionCard
        title="Workflow Status"
        action={
          workflow.data ? <UpdatedAgo updatedAt={workflow.dataUpdatedAt} live={running} /> : null
        }
      >
        {workflow.isPending ? <LoadingBlock label="Loading workflow status" /> : null}
        {workflow.isError ? (
          <FlowLoadError flow={flow} query={workflow} what="workflow status" />
        ) : null}
        <ForecastLines lines={lines} />
        {workflow.data && productSteps ? (
          <ExpectedLivePanel
            showDate={lines.length === 0}
            steps={productSteps}
            workflow={workflow.data}
            retailerNames={retailerNames}
          />
        ) : null}
        {workflow.data ? (
          <Timeline
            label="Workflow Status timeline"
            height={TIMELINE_HEIGHT}
            groups={timelineGroups(workflow.data.currentWorkflow, retailerNames, 'current')}
            emptyText="No workflow steps yet"
          />
        ) : null}
      </SectionCard>

      {workflow.data && workflow.data.historyWorkflow.length > 0 ? (
        <SectionCard title="Workflow Status History">
          <Timeline
            label="Workflow Status History timeline"
            height={TIMELINE_HEIGHT}
            groups={timelineGroups(workflow.data.historyWorkflow, retailerNames, 'history')}
          />
        </SectionCard>
      ) : null}
    </>
  );
}
