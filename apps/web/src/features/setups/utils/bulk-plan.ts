import { NON_RETRIGGERABLE_STEP, stepLabel, type SetupRow } from '@onboarding/contracts';
import { isCompleted, isFailed, rowKey } from './group-setups';

// Where the bulk actions' modules have always found it.
export { rowKey };

/** The rows a bulk action will send, and those it leaves out with the reason. */
export interface BulkPlan {
  send: SetupRow[];
  skipped: { row: SetupRow; reason: string }[];
}

/** Why a FAILED row without a step offers no re-trigger. */
const NO_FAILED_STEP = 'No failed step is named, so there is nothing to re-trigger';

/** Why a row offers no re-trigger, or null when it does (docs/requirements.md#setup-actions-rules). */
export function reTriggerSkipReason(row: SetupRow): string | null {
  if (!isFailed(row)) return `Not FAILED (now ${row.status})`;
  // A re-trigger names its step; a failure the upstream left without one has nothing to name.
  if (!row.stepName?.trim()) return NO_FAILED_STEP;
  if (row.stepName === NON_RETRIGGERABLE_STEP) {
    return `The step ${stepLabel(row.stepName)} cannot be re-triggered`;
  }
  return null;
}

/** Why a row offers no Refresh Data, or null when it does. */
export function refreshSkipReason(row: SetupRow): string | null {
  return isCompleted(row) ? null : `Not COMPLETED (now ${row.status})`;
}

/** Splits the chosen rows into those to send and those skipped; a row counts once. */
export function planBulk(
  rows: readonly SetupRow[],
  skipReason: (row: SetupRow) => string | null,
): BulkPlan {
  const plan: BulkPlan = { send: [], skipped: [] };
  const seen = new Set<string>();
  for (const row of rows) {
    const key = rowKey(row);
    if (seen.has(key)) continue;
    seen.add(key);
    const reason = skipReason(row);
    if (reason === null) plan.send.push(row);
    else plan.skipped.push({ row, reason });
  }
  return plan;
}
