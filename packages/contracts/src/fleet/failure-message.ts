/**
 * The failure message a workflow entry's status payload carries: the failure board
 * (apps/web/src/features/setups/utils/failure-groups.ts) and the fleet snapshot read it here, so
 * both show the same text. Zod-free.
 */

/** Keys a status payload may carry its failure message under, most specific first. */
const MESSAGE_KEYS = ['message', 'error', 'errorMessage', 'reason', 'detail'] as const;
/** Messages are bounded: thousands of failures stay small in the snapshot. */
const MAX_FAILURE_MESSAGE = 300;

/**
 * A message field of the payload's JSON (top level, or under `error`), or the payload itself when
 * it is plain text, on one line and at most MAX_FAILURE_MESSAGE characters. Null when it has none.
 */
export function failureMessageOf(payload: string | null | undefined): string | null {
  const text = payload?.trim();
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return bounded(text);
  }
  const found = messageIn(parsed) ?? messageIn((parsed as { error?: unknown } | null)?.error);
  if (found) return bounded(found);
  return typeof parsed === 'string' && parsed.trim() ? bounded(parsed.trim()) : null;
}

function messageIn(value: unknown): string | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  for (const key of MESSAGE_KEYS) {
    const field = (value as Record<string, unknown>)[key];
    if (typeof field === 'string' && field.trim()) return field.trim();
  }
  return null;
}

function bounded(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > MAX_FAILURE_MESSAGE ? `${line.slice(0, MAX_FAILURE_MESSAGE - 1)}…` : line;
}
