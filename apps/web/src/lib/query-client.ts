import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/** Reads retry once when the network blinked; answers from the server are not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 1 && isApiError(error) && error.isNetworkError,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
