import type { FleetSetups, WorkflowResponse } from '@onboarding/contracts';
import { useQuery } from '@tanstack/react-query';
import { fleetSetupsQuery } from '@/lib/data/fleet-setups';
import type { SetupFlow } from '@/lib/setup-flow';
import { forecastLines, type ForecastLine } from '../utils/forecast-text';

/** Asked again this soon while the snapshot does not hold the setup yet (being worked out). */
const PENDING_REFETCH_MS = 10_000;
/** And this often while it runs: the gateway's snapshot changes once a minute by default. */
const RUNNING_REFETCH_MS = 60_000;

/** Every retailer's current workflow has completed: a forecast has nothing to say. */
function hasCompleted(workflow: WorkflowResponse | undefined): boolean {
  const entries = workflow?.currentWorkflow ?? [];
  return entries.length > 0 && entries.every((e) => e.status.toLowerCase() === 'completed');
}

/**
 * The details page's forecast lines: one fleet.setups call for its setup, asked again while it
 * runs. None until the workflow is read (so a completed setup never shows one).
 */
export function useSetupForecast(
  flow: SetupFlow,
  setupId: number,
  workflow: WorkflowResponse | undefined,
): readonly ForecastLine[] {
  const completed = hasCompleted(workflow);
  const pending = (answer: FleetSetups | undefined) =>
    answer?.state === 'building' || !!answer?.missing.includes(setupId);
  const fleet = useQuery({
    ...fleetSetupsQuery(flow.productId, [setupId], null),
    refetchInterval: (query) =>
      completed ? false : pending(query.state.data) ? PENDING_REFETCH_MS : RUNNING_REFETCH_MS,
  });
  return workflow ? forecastLines(fleet.data, setupId, completed) : [];
}
