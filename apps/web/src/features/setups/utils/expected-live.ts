/**
 * "Expected live by" of a per-product setup: when its workflow should be done, from the product's
 * steps' expectedExecutionTime (minutes) and the workflow's current entries, and which running
 * steps are overdue (running longer than their expected time).
 *
 * How it reads the workflow:
 * - Each retailer runs its own copy of the workflow, one step at a time, in the order of its
 *   entries (the run keeps the order it started with, even if the product's steps are
 *   rearranged later). The setup is live when every retailer's run is done.
 * - A completed step ends at its last update. A running step (started / in_progress) started
 *   when it entered `started`: its own update while `started`, otherwise the latest `started`
 *   state of that step in the history; failing both, its last update (which makes the estimate
 *   optimistic, never falsely overdue). It is expected to end `expectedExecutionTime` later; past
 *   that it is overdue and is then expected to end "now" at the earliest.
 * - A waiting step starts when the one before it ends (or now, if that is in the past).
 * - A failed step stops the run until it is re-triggered: no estimate. A step with no expected
 *   time makes the estimate unknown from there on (it is still shown, with the steps before it).
 * - With no workflow entries yet, the product's steps are estimated from now, in step order.
 */
import type { Step, WorkflowEntry } from '@onboarding/contracts';
import { MINUTE_MS } from './duration';

type StepTiming = Pick<Step, 'stepName' | 'stepOrder' | 'expectedExecutionTime'>;
type Entry = Pick<WorkflowEntry, 'stepName' | 'status' | 'retailerId' | 'updatedat'>;

export interface ExpectedLiveInput {
  /** The product's registered steps (only the name, order and expected time are read). */
  steps: readonly StepTiming[];
  /** The workflow's current entries (docs/requirements.md#setup-details-workflow). */
  currentWorkflow: readonly Entry[];
  /** The history (docs/requirements.md#setup-details-history), to find a running step's start. */
  historyWorkflow?: readonly Entry[];
  /** The time to compare with (ms since the epoch). */
  now: number;
}

export interface StepEstimate {
  /** Absent for the estimate made before any workflow entry exists. */
  retailerId: number | null;
  stepName: string;
  status: string;
  expectedMinutes: number | null;
  /** When the step started (running) or should start (waiting); null when done or unknown. */
  startAt: number | null;
  /** When it ended (completed) or should end; null when it cannot be told. */
  endAt: number | null;
  /** A running step that has run longer than its expected time. */
  overdue: boolean;
  /** How far past its expected end an overdue step is (ms); 0 otherwise. */
  overdueByMs: number;
}

type ExpectedLiveState =
  /** Every retailer's workflow has completed; `expectedLiveAt` is when the last one did. */
  | 'live'
  /** Running (or waiting to start) with a full estimate. */
  | 'running'
  /** No workflow entries yet: the estimate assumes the run starts now. */
  | 'not_started'
  /** A step failed: no estimate until it is re-triggered. */
  | 'failed'
  /** A step still to run has no expected execution time. */
  | 'unknown';

export interface ExpectedLive {
  state: ExpectedLiveState;
  /** Expected completion (ms since the epoch); null for failed and unknown. */
  expectedLiveAt: number | null;
  steps: StepEstimate[];
  overdueSteps: StepEstimate[];
  /** Why there is no estimate (failed, unknown). */
  reason?: string;
}

const RUNNING = new Set(['started', 'in_progress']);

function timeOf(text: string): number | null {
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

function minutesOf(step: StepTiming | undefined): number | null {
  const minutes = step?.expectedExecutionTime;
  return typeof minutes === 'number' && Number.isFinite(minutes) && minutes >= 0 ? minutes : null;
}

/** When a running entry entered `started`. */
function startOfRunning(entry: Entry, history: readonly Entry[]): number | null {
  const updated = timeOf(entry.updatedat);
  if (entry.status === 'started') return updated;
  let best: number | null = null;
  for (const past of history) {
    if (past.stepName !== entry.stepName || past.retailerId !== entry.retailerId) continue;
    if (past.status !== 'started') continue;
    const at = timeOf(past.updatedat);
    if (at === null || (updated !== null && at > updated)) continue;
    if (best === null || at > best) best = at;
  }
  return best ?? updated;
}

interface RunEstimate {
  steps: StepEstimate[];
  done: boolean;
  failedStep?: string;
  unknownStep?: string;
  endAt: number | null;
}

function estimateRun(
  entries: readonly Entry[],
  retailerId: number | null,
  expected: (stepName: string) => number | null,
  history: readonly Entry[],
  now: number,
): RunEstimate {
  const steps: StepEstimate[] = [];
  let cursor: number | null = null;
  let anchored = true;
  let done = true;
  let failedStep: string | undefined;
  let unknownStep: string | undefined;

  for (const entry of entries) {
    const minutes = expected(entry.stepName);
    const base = {
      retailerId,
      stepName: entry.stepName,
      status: entry.status,
      expectedMinutes: minutes,
      overdue: false,
      overdueByMs: 0,
    };

    if (entry.status === 'completed') {
      const end = timeOf(entry.updatedat);
      if (end !== null) cursor = cursor === null ? end : Math.max(cursor, end);
      steps.push({ ...base, startAt: null, endAt: end });
      continue;
    }
    done = false;

    if (entry.status === 'failed') {
      failedStep ??= entry.stepName;
      anchored = false;
      steps.push({ ...base, startAt: null, endAt: null });
      continue;
    }

    if (RUNNING.has(entry.status)) {
      const start = startOfRunning(entry, history) ?? now;
      if (minutes === null) {
        unknownStep ??= entry.stepName;
        anchored = false;
        steps.push({ ...base, startAt: start, endAt: null });
        continue;
      }
      const expectedEnd = start + minutes * MINUTE_MS;
      const overdue = now > expectedEnd;
      steps.push({
        ...base,
        startAt: start,
        endAt: expectedEnd,
        overdue,
        overdueByMs: overdue ? now - expectedEnd : 0,
      });
      cursor = Math.max(expectedEnd, now);
      continue;
    }

    // Waiting (not_started, or a status this view does not know): starts after the one before.
    if (!anchored || minutes === null) {
      if (anchored && minutes === null) unknownStep ??= entry.stepName;
      anchored = false;
      steps.push({ ...base, startAt: null, endAt: null });
      continue;
    }
    const start = Math.max(cursor ?? now, now);
    const end = start + minutes * MINUTE_MS;
    steps.push({ ...base, startAt: start, endAt: end });
    cursor = end;
  }

  return {
    steps,
    done,
    failedStep,
    unknownStep,
    endAt: anchored ? (cursor ?? (done ? null : now)) : null,
  };
}

/** The expected completion of a per-product setup and its overdue steps. */
export function expectedLive({
  steps,
  currentWorkflow,
  historyWorkflow = [],
  now,
}: ExpectedLiveInput): ExpectedLive {
  const byName = new Map(steps.map((s) => [s.stepName, s]));
  const expected = (name: string) => minutesOf(byName.get(name));

  if (currentWorkflow.length === 0) {
    const planned: Entry[] = [...steps]
      .sort((a, b) => a.stepOrder - b.stepOrder)
      .map((s) => ({
        stepName: s.stepName,
        status: 'not_started',
        retailerId: 0,
        updatedat: '',
      }));
    const run = estimateRun(planned, null, expected, [], now);
    if (run.unknownStep !== undefined) {
      return {
        state: 'unknown',
        expectedLiveAt: null,
        steps: run.steps,
        overdueSteps: [],
        reason: `The step ${run.unknownStep} has no expected execution time.`,
      };
    }
    return { state: 'not_started', expectedLiveAt: run.endAt, steps: run.steps, overdueSteps: [] };
  }

  const retailers = new Map<number, Entry[]>();
  for (const entry of currentWorkflow) {
    const list = retailers.get(entry.retailerId) ?? [];
    list.push(entry);
    retailers.set(entry.retailerId, list);
  }

  const runs = [...retailers].map(([retailerId, entries]) =>
    estimateRun(entries, retailerId, expected, historyWorkflow, now),
  );
  const all = runs.flatMap((r) => r.steps);
  const overdueSteps = all.filter((s) => s.overdue);

  const failed = runs.find((r) => r.failedStep !== undefined);
  if (failed) {
    return {
      state: 'failed',
      expectedLiveAt: null,
      steps: all,
      overdueSteps,
      reason: `The step ${failed.failedStep} failed; the setup goes live once it is re-triggered.`,
    };
  }
  const unknown = runs.find((r) => r.unknownStep !== undefined);
  if (unknown) {
    return {
      state: 'unknown',
      expectedLiveAt: null,
      steps: all,
      overdueSteps,
      reason: `The step ${unknown.unknownStep} has no expected execution time.`,
    };
  }
  const ends = runs.map((r) => r.endAt).filter((t): t is number => t !== null);
  const expectedLiveAt = ends.length ? Math.max(...ends) : null;
  return {
    state: runs.every((r) => r.done) ? 'live' : 'running',
    expectedLiveAt,
    steps: all,
    overdueSteps,
  };
}
