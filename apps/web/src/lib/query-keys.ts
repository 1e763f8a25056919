import type { AnyOperation } from '@onboarding/contracts';

/**
 * The cache key of an operation's answers: its id, then what tells its answers apart. Every
 * query, invalidation and cache update builds its key here, so one answer has one key.
 */
export function queryKeyOf<const P extends readonly unknown[]>(
  op: Pick<AnyOperation, 'id'>,
  ...parts: P
): readonly [string, ...P] {
  return [op.id, ...parts];
}
