import type { FlowHealth } from '@onboarding/contracts';
import { byStatusOrder } from './status-words';

/** The setups-by-step figures as a grid: a row per step (run order), a column per status. */
export interface StepStatusGrid {
  /** Steps in run order, then those the flow's steps omit; null (no step) last. */
  steps: (string | null)[];
  statuses: string[];
  /** counts[step][status]. */
  counts: number[][];
}

export function stepStatusGrid(metrics: FlowHealth): StepStatusGrid {
  const named = new Set(metrics.steps);
  const extra = [
    ...new Set(metrics.setupsByStep.map((b) => b.stepName).filter((s) => s !== null)),
  ].filter((s) => !named.has(s));
  const hasNone = metrics.setupsByStep.some((b) => b.stepName === null);
  const steps: (string | null)[] = [...metrics.steps, ...extra, ...(hasNone ? [null] : [])];
  const statuses = [...new Set(metrics.setupsByStep.map((b) => b.status))].sort(byStatusOrder);
  const counts = steps.map((step) =>
    statuses.map(
      (status) =>
        metrics.setupsByStep.find((b) => b.stepName === step && b.status === status)?.setups ?? 0,
    ),
  );
  return { steps, statuses, counts };
}
