import type { FlowHealth } from '@onboarding/contracts';

/** Failures per week as a grid: a row per week (oldest first), a column per step that failed. */
export interface WeekStepGrid {
  weeks: string[];
  /** Steps with a failure, in run order (then those the flow's steps omit). */
  steps: string[];
  /** failures[week][step]. */
  failures: number[][];
}

export function weekStepGrid(metrics: FlowHealth): WeekStepGrid {
  const rows = metrics.failuresByWeek;
  const weeks = [...new Set(rows.map((r) => r.weekStart))].sort();
  const failed = new Set(rows.map((r) => r.stepName));
  const steps = [
    ...metrics.steps.filter((s) => failed.has(s)),
    ...[...failed].filter((s) => !metrics.steps.includes(s)),
  ];
  const cell = (week: string, step: string) =>
    rows.find((r) => r.weekStart === week && r.stepName === step);
  return {
    weeks,
    steps,
    failures: weeks.map((w) => steps.map((s) => cell(w, s)?.failures ?? 0)),
  };
}
