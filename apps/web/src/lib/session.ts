/**
 * The session check (GET /api/config): the signed-in operator and the dashboards' host.
 * Shared by the router's guard, the shell and every screen that links to a dashboard.
 */
import { sessionOps, type SessionConfig } from '@onboarding/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeyOf } from './query-keys';
import { call } from './api-client';

export const configQuery = () =>
  queryOptions({
    queryKey: queryKeyOf(sessionOps.config),
    queryFn: ({ signal }) => call(sessionOps.config, {}, { signal, redirectOnUnauthorized: false }),
    staleTime: Infinity,
  });

/** The session the guard checked; undefined only before the first check finished. */
export function useSessionConfig(): SessionConfig | undefined {
  return useQuery(configQuery()).data;
}

/** The client's Category Leaderboard page on the dashboards' host. */
export function clientDashboardUrl(dashboardBaseUrl: string, clientId: number): string {
  return `${dashboardBaseUrl.replace(/\/+$/, '')}/${clientId}/category-leaderboard`;
}
