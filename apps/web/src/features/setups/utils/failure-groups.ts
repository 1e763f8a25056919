import { SETUP_STATUS, type FleetFailure, type SetupRow } from '@onboarding/contracts';
import { rowKey } from './bulk-plan';

/** A FAILED retailer row, as the fleet snapshot tells it (GET /api/fleet/failures). */
export interface FailedRow {
  row: FleetFailure;
  /** The failure message from the failed step's status payload; null when it carries none. */
  message: string | null;
  /** When the step failed (ISO), from the workflow; null when unknown. */
  failedAt: string | null;
}

interface MessageGroup {
  message: string | null;
  rows: FailedRow[];
}

export interface StepGroup {
  stepName: string;
  count: number;
  /** The newest failure of the group (ISO), or null when no row's time is known. */
  newest: string | null;
  messages: MessageGroup[];
}

/** Newest first; unknown times last. */
function byNewest(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return Date.parse(b) - Date.parse(a);
}

/**
 * The failure board: FAILED rows grouped by failing step, then by failure message. Steps that
 * fail most come first (ties: the newest failure first); rows are newest first.
 */
export function groupFailures(failures: readonly FleetFailure[]): StepGroup[] {
  const steps = new Map<string, Map<string | null, FailedRow[]>>();
  const seen = new Set<string>();
  for (const row of failures) {
    const key = rowKey(row);
    if (seen.has(key)) continue;
    seen.add(key);
    const failed: FailedRow = { row, message: row.message, failedAt: row.failedAt };
    const stepName = row.stepName ?? '';
    const messages = steps.get(stepName) ?? new Map<string | null, FailedRow[]>();
    steps.set(stepName, messages);
    messages.set(failed.message, [...(messages.get(failed.message) ?? []), failed]);
  }
  const groups = [...steps].map(([stepName, messages]): StepGroup => {
    const messageGroups = [...messages].map(([message, list]) => ({
      message,
      rows: list.sort((a, b) => byNewest(a.failedAt, b.failedAt)),
    }));
    messageGroups.sort(
      (a, b) => b.rows.length - a.rows.length || byNewest(a.rows[0]!.failedAt, b.rows[0]!.failedAt),
    );
    const newest = messageGroups.map((m) => m.rows[0]!.failedAt).sort(byNewest)[0] ?? null;
    return {
      stepName,
      count: messageGroups.reduce((n, m) => n + m.rows.length, 0),
      newest,
      messages: messageGroups,
    };
  });
  return groups.sort((a, b) => b.count - a.count || byNewest(a.newest, b.newest));
}

/**
 * The list row a re-trigger of this failure sends, from the snapshot's own fields: FAILED as the
 * snapshot read it. A row that has moved on since is not re-run: the gateway reads the workflow
 * first and refuses a step that is not FAILED (403, "Only a failed step can be re-triggered."),
 * which the preview shows on that row.
 */
export function reTriggerRowOf(failure: FleetFailure): SetupRow {
  return {
    setupId: failure.setupId,
    clientName: failure.clientName,
    clientId: failure.clientId,
    retailerId: failure.retailerId,
    retailerName: failure.retailerName ?? undefined,
    isNewClient: failure.isNewClient,
    ismarketshareEnabled: failure.ismarketshareEnabled,
    status: SETUP_STATUS.FAILED,
    stepName: failure.stepName,
  };
}

/** A group's tick box: ticked when every one of `rows` is selected, half-ticked when some are. */
export function selectionOf(rows: readonly FailedRow[], selected: ReadonlySet<string>) {
  const n = rows.filter((r) => selected.has(rowKey(r.row))).length;
  return { checked: n > 0 && n === rows.length, indeterminate: n > 0 && n < rows.length };
}
