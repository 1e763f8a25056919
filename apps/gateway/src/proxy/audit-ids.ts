/** Longer id values are cut: an audit line stays a line. */
const MAX_ID_LENGTH = 64;
const bounded = (v: unknown) =>
  typeof v === 'string' && v.length > MAX_ID_LENGTH ? `${v.slice(0, MAX_ID_LENGTH)}…` : v;

/**
 * From the validated request only, so only fields the operation declares (docs/security.md#logs);
 * bounded in count and depth so that an audit line stays a line.
 */
export function collectIds(value: unknown, ids: Record<string, unknown> = {}, depth = 0) {
  if (depth > 3 || !value || typeof value !== 'object') return ids;
  const entries: [string, unknown][] = Array.isArray(value)
    ? (value as unknown[]).slice(0, 10).map((v) => ['', v])
    : Object.entries(value);
  for (const [key, v] of entries) {
    if (Object.keys(ids).length >= 20) break;
    if (!(key === 'id' || key.endsWith('Id')) || !['number', 'string'].includes(typeof v))
      collectIds(v, ids, depth + 1);
    else if (ids[key] === undefined) ids[key] = bounded(v);
    else if (ids[key] !== bounded(v))
      ids[key] = [...new Set([ids[key], bounded(v)].flat())].slice(0, 10);
  }
  return ids;
}
