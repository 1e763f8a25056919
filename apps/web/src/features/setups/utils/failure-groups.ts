import { failureMessageOf, type SetupRow, type WorkflowEntry } from '@onboarding/contracts';
import { rowKey } from './bulk-plan';
import { isFailed } from './group-setups';

/** A FAILED retailer row with what its workflow data says about the failure. */
export interface FailedRow {
  row: SetupRow;
  /** The failure message from the failed step's status payload; null when it carries none. */
  message: string | null;
  /** When the step failed (ISO), from the workflow data; null when unknown. */
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

/** The failed entry of a row's step in its setup's current workflow, if the data has one. */
function failedEntry(
  row: SetupRow,
  workflow: readonly WorkflowEntry[] | undefined,
): WorkflowEntry | undefined {
  return workflow?.find(
    (e) =>
      e.retailerId === row.retailerId &&
      e.stepName === row.stepName &&
      e.status.toLowerCase() === 'failed',
  );
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
 * `workflows` holds each setup's current workflow, where it could be loaded.
 */
export function groupFailures(
  rows: readonly SetupRow[],
  workflows: ReadonlyMap<number, readonly WorkflowEntry[]>,
): StepGroup[] {
  const steps = new Map<string, Map<string | null, FailedRow[]>>();
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.setupId}:${row.retailerId}`;
    if (!isFailed(row) || seen.has(key)) continue;
    seen.add(key);
    const entry = failedEntry(row, workflows.get(row.setupId));
    const failed: FailedRow = {
      row,
      message: failureMessageOf(entry?.statusPayload),
      failedAt: entry?.updatedat ?? null,
    };
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

/** A group's tick box: ticked when every one of `rows` is selected, half-ticked when some are. */
export function selectionOf(rows: readonly FailedRow[], selected: ReadonlySet<string>) {
  const n = rows.filter((r) => selected.has(rowKey(r.row))).length;
  return { checked: n > 0 && n === rows.length, indeterminate: n > 0 && n < rows.length };
}
