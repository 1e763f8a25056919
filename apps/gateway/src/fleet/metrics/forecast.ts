import type { DurationSummary, SetupForecast } from '@onboarding/contracts';
import type { SetupFacts } from './workflow-facts.js';

/** Retailer-own figures count once the retailer has this many runs of the step. */
export const RETAILER_MIN_RUNS = 5;

/** What the fleet learned of each step, for the forecast. */
export interface StepModel {
  /** Fleet-wide durations of each step. */
  readonly durations: ReadonlyMap<string, DurationSummary>;
  /** Per retailer and step (`<retailerId>:<step>`), where it has RETAILER_MIN_RUNS or more. */
  readonly byRetailer: ReadonlyMap<string, DurationSummary>;
  readonly waits: ReadonlyMap<string, DurationSummary>;
  /** A product step's registered expected time: it wins over what was learned. */
  readonly expected: ReadonlyMap<string, number>;
}

/** The retailer's own figures where it has enough runs, otherwise the fleet's. */
function learned(model: StepModel, retailerId: number, step: string) {
  const own = model.byRetailer.get(`${retailerId}:${step}`);
  return own && own.n >= RETAILER_MIN_RUNS ? own : model.durations.get(step);
}

/**
 * When a setup should go live: for each of its retailers, the p50 of every step still ahead
 * (the step in play less the time it has run) plus their p50 waits; the setup is live when its
 * last retailer is. A failed retailer makes the forecast unknown, naming the step; a step that has
 * run longer than its p90 is flagged slow. null for a setup with nothing running or failed.
 */
export function forecastSetup(
  setup: { setupId: number; clientName: string },
  facts: SetupFacts,
  model: StepModel,
  now: number,
): SetupForecast | null {
  let failedStep: string | null = null;
  let running = false;
  let liveBy = now;
  const slow: SetupForecast['slow'] = [];
  const unmeasured = new Set<string>();
  for (const r of facts.retailers) {
    if (!r.at) continue;
    if (r.at.status === 'failed') {
      failedStep ??= r.at.stepName;
      continue;
    }
    running = true;
    let remaining = 0;
    const start = r.steps.indexOf(r.at.stepName);
    for (let i = start; i < r.steps.length; i++) {
      const step = r.steps[i]!;
      const figures = learned(model, r.retailerId, step);
      const duration = model.expected.get(step) ?? figures?.p50Ms ?? null;
      const wait = model.waits.get(step)?.p50Ms ?? 0;
      if (duration === null) {
        unmeasured.add(step);
        continue;
      }
      if (i !== start) remaining += wait + duration;
      else if (r.at.startedAt !== null) {
        const elapsed = now - r.at.startedAt;
        remaining += Math.max(0, duration - elapsed);
        const p90 = figures?.p90Ms ?? model.expected.get(step) ?? null;
        if (p90 !== null && elapsed > p90)
          slow.push({ retailerId: r.retailerId, stepName: step, elapsedMs: elapsed, p90Ms: p90 });
      } else remaining += Math.max(0, wait - (now - r.at.since)) + duration;
    }
    liveBy = Math.max(liveBy, now + remaining);
  }
  if (failedStep === null && !running) return null;
  const failed = failedStep !== null;
  return {
    ...setup,
    state: failed ? 'failed' : 'running',
    liveBy: failed || unmeasured.size > 0 ? null : new Date(liveBy).toISOString(),
    failedStep,
    slow,
    unmeasured: [...unmeasured],
  };
}
