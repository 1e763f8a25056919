import type { DurationSummary } from '@onboarding/contracts';

/**
 * The nearest-rank percentile: a sample itself, never interpolated, so a p90 of few runs is a
 * time some run really took (n = 1: that run; n < 10: p90 is the slowest).
 */
export function percentile(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
}

export function summarise(samples: readonly number[]): DurationSummary {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50Ms: percentile(sorted, 0.5), p90Ms: percentile(sorted, 0.9) };
}

const DAY_MS = 86_400_000;

/** The Monday (UTC) of the week holding `ms`, as YYYY-MM-DD. */
export function weekStart(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  // 1970-01-01 was a Thursday: days since a Monday are (day + 3) mod 7.
  const monday = day - ((day + 3) % 7);
  return new Date(monday * DAY_MS).toISOString().slice(0, 10);
}
