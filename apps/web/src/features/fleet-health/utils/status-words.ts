/**
 * A status as words: the list's `NOT_STARTED` and a workflow step's `in_progress` alike read
 * `Not started`, `In progress`.
 */
export function statusWords(status: string): string {
  const words = status.replace(/_/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The usual order of statuses, from not started to done; others follow by name. */
const ORDER = ['not_started', 'started', 'in_progress', 'completed', 'failed'];

export function byStatusOrder(a: string, b: string): number {
  const rank = (s: string) => {
    const at = ORDER.indexOf(s.toLowerCase());
    return at < 0 ? ORDER.length : at;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}
