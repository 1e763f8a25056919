import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router-dom';
import { setupPageQuery } from '@/lib/data/setup-list';
import { retailersQuery } from '@/lib/data/retailers';
import { REM_OMNI_FLOW } from '@/lib/setup-flow';
import { allSetupBody, namesFilter, readListParams } from './utils/list-params';

/**
 * The setups list starts its first requests from the route loader, while the router fetches the
 * screen's code: neither waits for the other. Not awaited: the screen shows its own loading state.
 */
export function seeAllLoader(queryClient: QueryClient): LoaderFunction {
  return ({ request }) => {
    const { searchParams } = new URL(request.url);
    // With a filter the list reads the fleet snapshot instead: the screen asks it
    // (hooks/use-list-rows.ts), so the loader keeps clear of the filters' schemas.
    if (!namesFilter(searchParams)) {
      const params = readListParams(searchParams);
      void queryClient.prefetchQuery(setupPageQuery(REM_OMNI_FLOW, allSetupBody(params)));
    }
    void queryClient.prefetchQuery(retailersQuery(REM_OMNI_FLOW));
    return null;
  };
}
