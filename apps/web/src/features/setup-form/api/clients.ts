import { categoryAnalyticsOps } from '@onboarding/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** categoryanalytics/clients: the existing clients of the client picker. */
export const clientsQuery = () =>
  queryOptions({
    queryKey: [categoryAnalyticsOps.clients.id],
    queryFn: ({ signal }) => call(categoryAnalyticsOps.clients, { body: {} }, { signal }),
    staleTime: 60_000,
  });
