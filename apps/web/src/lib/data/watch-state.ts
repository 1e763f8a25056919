import { watchOps, type WatchSeen, type WatchState } from '@onboarding/contracts';
import { call } from '../api-client';

/**
 * GET /api/watch/state: the operator's seen sequence and the failure watch's kept events. Read
 * by the watch's stream (lib/watch/watch-stream.ts) when its connection failed, to tell a session
 * that ended from a gateway that restarted, and when the tab comes back into view; never cached.
 */
export function fetchWatchState(signal?: AbortSignal): Promise<WatchState> {
  return call(watchOps.state, {}, { signal });
}

/**
 * POST /api/watch/seen {sequence}: "Mark all as seen", stored per operator (every browser). The
 * gateway never lowers it nor stores one past its newest event; it answers what it stored.
 */
export function sendSeen(sequence: number): Promise<WatchSeen> {
  return call(watchOps.seen, { body: { sequence } });
}
