import { failureMessageOf, type WorkflowEntry, type WorkflowResponse } from '@onboarding/contracts';

type ReTriggerOutcome = 'succeeded' | 'failed' | 'pending';

/** The step a retailer's pipeline is on: the first one not completed. */
interface StepInPlay {
  readonly stepName: string;
  /** Its current status, lower case. */
  readonly status: string;
  /** When it entered that status (epoch ms). */
  readonly since: number;
  /** When its current attempt started, if it has (epoch ms). */
  readonly startedAt: number | null;
}

/**
 * One retailer's workflow of a setup, reduced to what the fleet metrics need: a few numbers per
 * step instead of every history entry, so thousands of setups stay small in memory and in Redis.
 */
interface RetailerFacts {
  readonly retailerId: number;
  /** Steps in run order, as the current workflow lists them. */
  readonly steps: readonly string[];
  /** Each step's current status (lower case), in the order of `steps`. */
  readonly statuses: readonly string[];
  /** null when every step is completed. */
  readonly at: StepInPlay | null;
  /** Workflow runs started: the first step entered as not_started, a re-trigger aside. */
  readonly runs: number;
  /** [step, ms] from an attempt's start to its completion, one per completed attempt. */
  readonly durations: readonly (readonly [string, number])[];
  /** [step, ms] from the pipeline's previous transition to the step's start. */
  readonly waits: readonly (readonly [string, number])[];
  /** [step, epoch ms] of every failure. */
  readonly failures: readonly (readonly [string, number])[];
  /** [step, outcome] of every re-trigger: the step's next finished state after it. */
  readonly reTriggers: readonly (readonly [string, ReTriggerOutcome])[];
  /** [step, attempts started]. */
  readonly starts: readonly (readonly [string, number])[];
  /**
   * [step, message, epoch ms or null] of each step failed in the current workflow: the failure
   * board's rows, read here so the browser need not read every workflow itself.
   */
  readonly failedNow: readonly (readonly [string, string | null, number | null])[];
}

export interface SetupFacts {
  readonly retailers: readonly RetailerFacts[];
  /** Its workflow's earliest entry (epoch ms), history included: when it began; null with none. */
  readonly firstAt: number | null;
  /** Its workflow's latest entry (epoch ms): its last change; null with none. */
  readonly lastAt: number | null;
}

interface Timed {
  readonly entry: WorkflowEntry;
  readonly at: number;
  readonly order: number;
}

interface StepState {
  status?: string;
  startedAt: number | null;
  /** Index into reTriggers of the one awaiting its outcome. */
  reTrigger: number | null;
}

/**
 * Reads a setup's workflow (its history and current entries, each the state a step entered and
 * when) into per-retailer facts. Pure: the same workflow gives the same facts.
 *
 * - A duration runs from an attempt's first `started` (or `in_progress` when the history lacks
 *   `started`) to its `completed`; an attempt whose start is missing from the history is not
 *   measured. Every attempt counts: first runs, refreshes and re-triggered runs.
 * - A re-trigger is a `not_started` of a step whose previous state was `failed`, made on its own
 *   (a new run enters every step at once) and carrying who asked (`requestedby`); its outcome is
 *   the step's next `completed` or `failed`.
 */
export function workflowFacts(workflow: WorkflowResponse): SetupFacts {
  const timed: Timed[] = [];
  const add = (entry: WorkflowEntry) => {
    const at = Date.parse(entry.updatedat);
    if (Number.isFinite(at)) timed.push({ entry, at, order: timed.length });
  };
  workflow.historyWorkflow.forEach(add);
  workflow.currentWorkflow.forEach(add);
  timed.sort((a, b) => a.at - b.at || a.order - b.order);
  const retailerIds = [...new Set(workflow.currentWorkflow.map((e) => e.retailerId))];
  return {
    firstAt: timed[0]?.at ?? null,
    lastAt: timed.at(-1)?.at ?? null,
    retailers: retailerIds.map((retailerId) =>
      retailerFacts(
        retailerId,
        workflow.currentWorkflow.filter((e) => e.retailerId === retailerId),
        timed.filter((t) => t.entry.retailerId === retailerId),
      ),
    ),
  };
}

function retailerFacts(
  retailerId: number,
  current: readonly WorkflowEntry[],
  timeline: readonly Timed[],
): RetailerFacts {
  const steps = [...new Set(current.map((e) => e.stepName))];
  const statuses = steps.map(
    (s) => current.find((e) => e.stepName === s)!.status.toLowerCase() || 'not_started',
  );
  // Entries made at the same moment as not_started: a new run enters every step at once.
  const resets = new Map<number, number>();
  for (const { entry, at } of timeline)
    if (entry.status.toLowerCase() === 'not_started') resets.set(at, (resets.get(at) ?? 0) + 1);

  const state = new Map<string, StepState>();
  const stateOf = (step: string) => {
    let s = state.get(step);
    if (!s) state.set(step, (s = { startedAt: null, reTrigger: null }));
    return s;
  };
  const durations: [string, number][] = [];
  const waits: [string, number][] = [];
  const failures: [string, number][] = [];
  const reTriggers: [string, ReTriggerOutcome][] = [];
  const starts = new Map<string, number>();
  let runs = 0;
  let previousAt: number | null = null;
  let last: Timed | undefined;
  for (const t of timeline) {
    const { stepName: step } = t.entry;
    const status = t.entry.status.toLowerCase();
    // The same state reported twice (history and current overlapping) counts once.
    if (
      last &&
      last.at === t.at &&
      last.entry.stepName === step &&
      last.entry.status === t.entry.status
    )
      continue;
    last = t;
    const s = stateOf(step);
    const settle = (outcome: ReTriggerOutcome) => {
      if (s.reTrigger !== null) reTriggers[s.reTrigger]![1] = outcome;
      s.reTrigger = null;
      s.startedAt = null;
    };
    switch (status) {
      case 'not_started':
        if (s.status === 'failed' && resets.get(t.at) === 1 && t.entry.requestedby) {
          s.reTrigger = reTriggers.push([step, 'pending']) - 1;
        } else if (step === steps[0]) runs += 1;
        s.startedAt = null;
        break;
      case 'started':
      case 'in_progress':
        if (s.startedAt === null) {
          s.startedAt = t.at;
          starts.set(step, (starts.get(step) ?? 0) + 1);
          if (previousAt !== null) waits.push([step, t.at - previousAt]);
        }
        break;
      case 'completed':
        if (s.startedAt !== null) durations.push([step, t.at - s.startedAt]);
        settle('succeeded');
        break;
      case 'failed':
        failures.push([step, t.at]);
        settle('failed');
        break;
      default:
        break; // a status the contracts do not name says nothing about timing
    }
    s.status = status;
    previousAt = t.at;
  }

  const inPlay = steps.findIndex((_, i) => statuses[i] !== 'completed');
  const stepName = steps[inPlay];
  const entry = current.find((e) => e.stepName === stepName);
  return {
    retailerId,
    steps,
    statuses,
    at:
      stepName === undefined || !entry
        ? null
        : {
            stepName,
            status: statuses[inPlay]!,
            since: Date.parse(entry.updatedat) || 0,
            startedAt: state.get(stepName)?.startedAt ?? null,
          },
    runs,
    durations,
    waits,
    failures,
    reTriggers,
    starts: [...starts],
    failedNow: current.flatMap((e) => {
      if (e.status.toLowerCase() !== 'failed') return [];
      const at = Date.parse(e.updatedat);
      return [[e.stepName, failureMessageOf(e.statusPayload), Number.isFinite(at) ? at : null]];
    }),
  };
}
