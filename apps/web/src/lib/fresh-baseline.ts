import type { QueryClient, QueryFunction, QueryKey, SkipToken } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { differs } from './changed-elsewhere';
import { isSessionEnd } from './unauthorized';

/** What an update's review compares with. */
export interface FreshBaseline<T> {
  /** The record as the server holds it now (as the form opened it, when it could not be read). */
  before: T;
  /** It is no longer the record the form opened with: the review says so (CHANGED_ELSEWHERE). */
  changedElsewhere: boolean;
}

/**
 * Reads a query's record from the server now, under a key of its own that is dropped once read:
 * the cached answer, which the open form was built from, stays as the form opened it.
 */
export function readFresh<T>(
  client: QueryClient,
  query: { queryKey: QueryKey; queryFn?: QueryFunction<T, never> | SkipToken },
): Promise<T> {
  return client.fetchQuery({
    queryKey: ['fresh', ...query.queryKey],
    // The read ignores its key; only its place in the cache differs.
    queryFn: query.queryFn as QueryFunction<T>,
    staleTime: 0,
    gcTime: 0,
  });
}

export interface FreshBaselineOptions<T> {
  /** Logged when the record cannot be read again (`… could not be read again before the review`). */
  what: string;
  /** Whether two records are the same for this form (default: the same plain data). */
  same?: (opened: T, now: T) => boolean;
}

/**
 * Before an update's review opens, the record is read again (`read`), so a save from another tab
 * shows as "Before" and is named before anything is sent (docs/requirements.md#prompt-review).
 * `opened` is kept as first given: the record the form opened with (undefined on a form that adds
 * one). `reread()` resolves null when no review should open: nothing was opened, a re-read is
 * already under way (a second click lands before any state would), or the session ended
 * (lib/unauthorized.ts leads to sign-in and keeps the draft). A record that cannot be read is
 * logged and the review compares with it as opened.
 */
export function useFreshBaseline<T>(
  opened: T | undefined,
  read: () => Promise<T>,
  { what, same = (a, b) => !differs(a, b) }: FreshBaselineOptions<T>,
): () => Promise<FreshBaseline<T> | null> {
  const [first] = useState(opened);
  const reading = useRef(false);
  return async () => {
    if (first === undefined || reading.current) return null;
    reading.current = true;
    try {
      const now = await read();
      return { before: now, changedElsewhere: !same(first, now) };
    } catch (error) {
      if (isSessionEnd(error)) return null;
      console.error(`${what} could not be read again before the review:`, error);
      return { before: first, changedElsewhere: false };
    } finally {
      reading.current = false;
    }
  };
}
