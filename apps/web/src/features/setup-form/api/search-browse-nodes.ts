import {
  NODE_SEARCH_NODE_TYPE,
  NODE_SEARCH_ORDER,
  NODE_SEARCH_PAGE_SIZE,
  plainSearchText,
  remOmniOps,
  type SearchBrowseNodesResponse,
} from '@onboarding/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeyOf } from '@/lib/query-keys';

interface NodeSearchRequest {
  retailerId: number;
  searchText: string;
  page: number;
}

/** Where the picker gets result pages from (the gateway; a harness may pass its own). */
export type NodeSearchFn = (
  request: NodeSearchRequest,
  signal?: AbortSignal,
) => Promise<SearchBrowseNodesResponse>;

/** rem_omni searchBrowseNodes: page size 20, order asc, node type BSR. */
export const searchBrowseNodes: NodeSearchFn = ({ retailerId, searchText, page }, signal) =>
  call(
    remOmniOps.searchBrowseNodes,
    {
      body: {
        searchText: plainSearchText(searchText).trim(),
        page,
        limit: NODE_SEARCH_PAGE_SIZE,
        order: NODE_SEARCH_ORDER,
        retailerId,
        nodeType: NODE_SEARCH_NODE_TYPE,
      },
    },
    { signal },
  );

/** The result pages of one search for one retailer; further pages on demand. */
export const nodeSearchQuery = (search: NodeSearchFn, retailerId: number, searchText: string) =>
  infiniteQueryOptions({
    queryKey: queryKeyOf(remOmniOps.searchBrowseNodes, retailerId, searchText),
    queryFn: async ({ pageParam, signal }) => {
      try {
        return await search({ retailerId, searchText, page: pageParam }, signal);
      } catch (error) {
        // Only logged; the form stays usable (docs/requirements.md#setup-form-browse-nodes).
        console.error('Browse node search failed', error);
        throw error;
      }
    },
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, p) => sum + p.nodes.length, 0);
      return last.nodes.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
    },
    enabled: searchText.trim() !== '',
    staleTime: 60_000,
    retry: false,
  });
