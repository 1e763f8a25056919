import type { DurationSummary, FleetFailure, FlowMetrics, SetupRow } from '@onboarding/contracts';
import { forecastSetup, RETAILER_MIN_RUNS, type StepModel } from './forecast.js';
import { summarise, weekStart } from './stats.js';
import type { SetupFacts } from './workflow-facts.js';

/** What the metrics read of a list row. */
export type FleetRow = Pick<
  SetupRow,
  | 'setupId'
  | 'clientName'
  | 'clientId'
  | 'isNewClient'
  | 'retailerId'
  | 'retailerName'
  | 'ismarketshareEnabled'
  | 'status'
  | 'stepName'
>;

export interface FlowInput {
  /** The flow's list rows (one per setup and retailer). */
  readonly rows: readonly FleetRow[];
  /** Each read setup's facts, by setup id; a setup without facts counts in the rows only. */
  readonly facts: ReadonlyMap<number, SetupFacts>;
  /** The flow's registered steps in order, with a product step's expected time. */
  readonly steps: readonly { readonly stepName: string; readonly expectedMs: number | null }[];
  /** The snapshot's time: forecasts and elapsed times count from it. */
  readonly now: number;
}

/** Appends to the list kept under `key`. */
function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
const bump = <K>(map: Map<K, number>, key: K, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

/**
 * One flow's metrics, from its list rows and its setups' workflow facts: computed once per
 * snapshot (fleet.service.ts), served as they are to every operator. Pure.
 */
export function flowMetrics({ rows, facts, steps: registered, now }: FlowInput): FlowMetrics {
  const readFacts = [...new Set(rows.map((r) => r.setupId))].flatMap((id) => {
    const f = facts.get(id);
    return f ? [[id, f] as const] : [];
  });
  const retailers = readFacts.flatMap(([, f]) => f.retailers);
  const ascending = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

  // Registered steps first, then any other step a workflow names, in the order met.
  const steps = [
    ...new Set([...registered.map((s) => s.stepName), ...retailers.flatMap((r) => r.steps)]),
  ];
  const rank = (step: string | null) => (step === null ? -1 : steps.indexOf(step));
  const byStep = <T extends { stepName: string | null }>(a: T, b: T) =>
    rank(a.stepName) - rank(b.stepName);

  const durations = new Map<string, number[]>();
  const byRetailer = new Map<string, number[]>();
  const waits = new Map<string, number[]>();
  const starts = new Map<string, number>();
  const failures = new Map<string, number>();
  const failuresByWeek = new Map<string, number>();
  const failedByWeek = new Map<string, Set<number>>();
  const reTriggers = new Map<string, Record<'succeeded' | 'failed' | 'pending', number>>();
  // Each cell's setups: a retailer appears once per setup, so each id once per cell.
  const retailerSteps = new Map<string, number[]>();
  let pipelineRuns = 0;
  for (const [setupId, f] of readFacts)
    for (const r of f.retailers) {
      pipelineRuns += r.runs;
      for (const [step, ms] of r.durations) {
        push(durations, step, ms);
        push(byRetailer, `${r.retailerId}:${step}`, ms);
      }
      for (const [step, ms] of r.waits) push(waits, step, ms);
      for (const [step, n] of r.starts) bump(starts, step, n);
      for (const [step, at] of r.failures) {
        bump(failures, step);
        const key = `${weekStart(at)}|${step}`;
        bump(failuresByWeek, key);
        failedByWeek.set(key, (failedByWeek.get(key) ?? new Set()).add(setupId));
      }
      for (const [step, outcome] of r.reTriggers) {
        const counts = reTriggers.get(step) ?? { succeeded: 0, failed: 0, pending: 0 };
        counts[outcome] += 1;
        reTriggers.set(step, counts);
      }
      r.steps.forEach((step, i) =>
        push(retailerSteps, JSON.stringify([r.retailerId, step, r.statuses[i]]), setupId),
      );
    }

  const summaries = new Map([...durations].map(([step, ms]) => [step, summarise(ms)]));
  const retailerSummaries = new Map<string, DurationSummary>();
  for (const [key, ms] of byRetailer)
    if (ms.length >= RETAILER_MIN_RUNS) retailerSummaries.set(key, summarise(ms));
  const waitSummaries = new Map([...waits].map(([step, ms]) => [step, summarise(ms)]));
  const expected = new Map(
    registered.flatMap((s) => (s.expectedMs === null ? [] : [[s.stepName, s.expectedMs] as const])),
  );
  const model: StepModel = {
    durations: summaries,
    byRetailer: retailerSummaries,
    waits: waitSummaries,
    expected,
  };

  const setupsByStep = new Map<string, Set<number>>();
  for (const row of rows) {
    const key = JSON.stringify([row.stepName, row.status]);
    const set = setupsByStep.get(key) ?? new Set<number>();
    setupsByStep.set(key, set.add(row.setupId));
  }
  const retailerNames = new Map(
    rows.flatMap((r) => (r.retailerName ? [[r.retailerId, r.retailerName] as const] : [])),
  );
  const clientNames = new Map(rows.map((r) => [r.setupId, r.clientName]));
  const empty = { n: 0, p50Ms: null, p90Ms: null };

  return {
    steps,
    setups: clientNames.size,
    rows: rows.length,
    pipelineRuns,
    setupsByStep: [...setupsByStep]
      .map(([key, ids]) => {
        const [stepName, status] = JSON.parse(key) as [string | null, string];
        return { stepName, status, setups: ids.size, setupIds: ascending(ids) };
      })
      .sort((a, b) => byStep(a, b) || a.status.localeCompare(b.status)),
    durations: steps.map((stepName) => ({
      stepName,
      ...(summaries.get(stepName) ?? empty),
      runs: starts.get(stepName) ?? 0,
      failures: failures.get(stepName) ?? 0,
      expectedMs: expected.get(stepName) ?? null,
    })),
    durationsByRetailer: [...retailerSummaries]
      .map(([key, summary]) => {
        const [retailerId, stepName] = splitKey(key);
        return { retailerId: Number(retailerId), stepName, ...summary };
      })
      .sort((a, b) => a.retailerId - b.retailerId || byStep(a, b)),
    waits: steps.map((stepName) => ({ stepName, ...(waitSummaries.get(stepName) ?? empty) })),
    failuresByWeek: [...failuresByWeek]
      .map(([key, n]) => {
        const [week, stepName] = splitKey(key, '|');
        return {
          weekStart: week,
          stepName,
          failures: n,
          setupIds: ascending(failedByWeek.get(key)!),
        };
      })
      .sort((a, b) => a.weekStart.localeCompare(b.weekStart) || byStep(a, b)),
    reTriggers: [...reTriggers]
      .map(([stepName, c]) => ({
        stepName,
        reTriggers: c.succeeded + c.failed + c.pending,
        ...c,
        successRate: c.succeeded + c.failed ? c.succeeded / (c.succeeded + c.failed) : null,
      }))
      .sort(byStep),
    retailerSteps: [...retailerSteps]
      .map(([key, ids]) => {
        const [id, stepName, status] = JSON.parse(key) as [number, string, string];
        return {
          retailerId: id,
          retailerName: retailerNames.get(id) ?? `Retailer ${id}`,
          stepName,
          status,
          count: ids.length,
          setupIds: ascending(ids),
        };
      })
      .sort(
        (a, b) => a.retailerId - b.retailerId || byStep(a, b) || a.status.localeCompare(b.status),
      ),
    forecasts: readFacts.flatMap(([setupId, f]) => {
      const forecast = forecastSetup(
        { setupId, clientName: clientNames.get(setupId) ?? '' },
        f,
        model,
        now,
      );
      return forecast ? [forecast] : [];
    }),
    failures: failedRows(rows, facts, retailerNames),
  };
}

/**
 * Every FAILED row once, with the message and time its workflow's failed entry of the row's step
 * gives (as the failure board matches them), newest first; unknown times last.
 */
function failedRows(
  rows: readonly FleetRow[],
  facts: ReadonlyMap<number, SetupFacts>,
  retailerNames: ReadonlyMap<number, string>,
): FleetFailure[] {
  const seen = new Set<string>();
  const failed: { at: number | null; failure: FleetFailure }[] = [];
  for (const row of rows) {
    const key = `${row.setupId}:${row.retailerId}`;
    if (row.status.toUpperCase() !== 'FAILED' || seen.has(key)) continue;
    seen.add(key);
    const entry = facts
      .get(row.setupId)
      ?.retailers.find((r) => r.retailerId === row.retailerId)
      ?.failedNow.find(([step]) => step === row.stepName);
    const at = entry?.[2] ?? null;
    failed.push({
      at,
      failure: {
        setupId: row.setupId,
        clientName: row.clientName,
        // What a re-trigger sends (apps/web/src/lib/setup-flow-requests.ts): the board needs no more.
        clientId: row.clientId,
        isNewClient: row.isNewClient,
        retailerId: row.retailerId,
        // A row may leave the name out: another row of the retailer may give it.
        retailerName: row.retailerName ?? retailerNames.get(row.retailerId) ?? null,
        ismarketshareEnabled: row.ismarketshareEnabled,
        stepName: row.stepName,
        message: entry?.[1] ?? null,
        failedAt: at === null ? null : new Date(at).toISOString(),
      },
    });
  }
  const newest = (a: number | null, b: number | null) =>
    a === b ? 0 : a === null ? 1 : b === null ? -1 : b - a;
  return failed
    .sort(
      (a, b) =>
        newest(a.at, b.at) ||
        a.failure.setupId - b.failure.setupId ||
        a.failure.retailerId - b.failure.retailerId,
    )
    .map((f) => f.failure);
}

/** `<a><sep><rest>`: step names may hold the separator, ids and weeks do not. */
function splitKey(key: string, sep = ':'): [string, string] {
  const at = key.indexOf(sep);
  return [key.slice(0, at), key.slice(at + 1)];
}
