/**
 * A second tab (or operator) may save the record a form is editing. Before an update is sent,
 * its review compares with the record as the server holds it then, and says so when that is no
 * longer the record the form opened with.
 */
export const CHANGED_ELSEWHERE =
  'Changed elsewhere since you opened it. “Before” shows what is saved now.';

/** Whether two plain-data snapshots of a record differ (key order as the same code built them). */
export function differs(opened: unknown, now: unknown): boolean {
  return JSON.stringify(opened) !== JSON.stringify(now);
}
