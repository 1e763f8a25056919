import { categoryAnalyticsOps } from '@onboarding/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeyOf } from '@/lib/query-keys';

/** categoryanalytics/clients: the existing clients of the client picker. */
export const clientsQuery = () =>
  queryOptions({
    queryKey: queryKeyOf(categoryAnalyticsOps.clients),
    queryFn: ({ signal }) => call(categoryAnalyticsOps.clients, { body: {} }, { signal }),
    staleTime: 60_000,
  });
