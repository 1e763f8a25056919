import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router-dom';
import { fleetListQuery } from '@/lib/data/fleet-list';
import { setupPageQuery } from '@/lib/data/setup-list';
import { retailersQuery } from '@/lib/data/retailers';
import { REM_OMNI_FLOW } from '@/lib/setup-flow';
import { fleetPage, hasFilter, readListFilter } from './utils/list-filter';
import { allSetupBody, readListParams } from './utils/list-params';

/**
 * The setups list starts its first requests from the route loader, while the router fetches the
 * screen's code: neither waits for the other. Not awaited: the screen shows its own loading state.
 */
export function seeAllLoader(queryClient: QueryClient): LoaderFunction {
  return ({ request }) => {
    const { searchParams } = new URL(request.url);
    const params = readListParams(searchParams);
    const { filter } = readListFilter(searchParams);
    // With a filter the list reads the fleet snapshot instead (hooks/use-list-rows.ts).
    if (hasFilter(filter)) {
      void queryClient.prefetchQuery(fleetListQuery(REM_OMNI_FLOW, filter, fleetPage(params.page)));
    } else {
      void queryClient.prefetchQuery(setupPageQuery(REM_OMNI_FLOW, allSetupBody(params)));
    }
    void queryClient.prefetchQuery(retailersQuery(REM_OMNI_FLOW));
    return null;
  };
}
