/**
 * `keys` with `key` in it or not, as a new set for a state update; `keys` itself when it already
 * is as asked (React then skips the render).
 */
export function withKey<K>(keys: ReadonlySet<K>, key: K, present: boolean): ReadonlySet<K> {
  if (keys.has(key) === present) return keys;
  const next = new Set(keys);
  if (present) next.add(key);
  else next.delete(key);
  return next;
}
