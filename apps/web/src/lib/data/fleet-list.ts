import { serializeFleetFilterQuery, type FleetFilter } from '@onboarding/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SetupFlow } from '../setup-flow';
import { setupListKeys } from './setup-list';

/**
 * Under the list's key (setupListKeys): a refresh or a re-trigger reloads the filtered pages
 * with the list's own.
 */
const fleetListQuery = (
  flow: SetupFlow,
  filter: FleetFilter,
  page: { offset: number; limit: number },
) =>
  queryOptions({
    queryKey: [...setupListKeys(flow).all, 'fleetList', serializeFleetFilterQuery(filter), page],
    // The call's code (the views area's schemas) loads with the first filter, not with the list.
    queryFn: async ({ signal }) =>
      (await import('./fleet-list-fetch')).fetchFleetList(flow, filter, page, signal),
    staleTime: 5_000,
  });

/** A filtered list page; none asked while `enabled` is false (no filter). */
export function useFleetList(
  flow: SetupFlow,
  filter: FleetFilter,
  page: { offset: number; limit: number },
  enabled: boolean,
) {
  return useQuery({
    ...fleetListQuery(flow, filter, page),
    enabled,
    placeholderData: keepPreviousData,
  });
}
