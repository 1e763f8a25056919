import { watchOps, type WatchedSetup, type WatchedSetups } from '@onboarding/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { call } from '../api-client';
import { fleetFlowQuery } from '../fleet-flow';
import { queryKeyOf } from '../query-keys';

/** GET /api/watch/watched: the setups this operator watches (their going live is announced). */
function fetchWatched(signal?: AbortSignal): Promise<WatchedSetups> {
  return call(watchOps.watched, {}, { signal });
}

const watchedKey = () => queryKeyOf(watchOps.watched);

const watchedQuery = () =>
  queryOptions({
    queryKey: watchedKey(),
    queryFn: ({ signal }) => fetchWatched(signal),
    // Changed here through watchSetup/unwatchSetup; another browser's change shows within this.
    staleTime: 60_000,
  });

/** The operator's watched setups; none asked while `enabled` is false. */
export function useWatchedSetups(enabled = true) {
  return useQuery({ ...watchedQuery(), enabled });
}

/** Whether `setup` is among the watched ones. */
export function isWatched(
  watched: readonly WatchedSetup[] | undefined,
  setup: WatchedSetup,
): boolean {
  return !!watched?.some(
    (w) => w.flow === setup.flow && w.productId === setup.productId && w.setupId === setup.setupId,
  );
}

/**
 * POST /api/watch/watched (watch) or DELETE /api/watch/watched/:setupId?flow=… (stop): either
 * answers the whole list, which replaces the cached one.
 */
export async function setWatching(
  queryClient: QueryClient,
  setup: WatchedSetup,
  on: boolean,
): Promise<WatchedSetups> {
  const answer = on
    ? await call(watchOps.watch, { body: setup })
    : await call(watchOps.unwatch, {
        params: { setupId: String(setup.setupId) },
        query: fleetFlowQuery(setup.productId),
      });
  queryClient.setQueryData(watchedKey(), answer);
  return answer;
}
