import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router-dom';
import { REM_OMNI_FLOW } from '@/lib/setup-flow';
import { retailersQuery } from '@/lib/setup-queries';
import { allSetupQuery } from './api/all-setup';
import { readListParams } from './utils/list-params';

/**
 * The setups list starts its first requests from the route loader, while the router fetches the
 * screen's code: neither waits for the other. Not awaited: the screen shows its own loading state.
 */
export function seeAllLoader(queryClient: QueryClient): LoaderFunction {
  return ({ request }) => {
    const params = readListParams(new URL(request.url).searchParams);
    void queryClient.prefetchQuery(allSetupQuery(params, REM_OMNI_FLOW));
    void queryClient.prefetchQuery(retailersQuery(REM_OMNI_FLOW));
    return null;
  };
}
