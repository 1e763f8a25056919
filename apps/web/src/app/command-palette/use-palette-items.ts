import { PAGE_SIZE } from '@onboarding/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usePrompts } from '@/features/prompts/api/get-all';
import { failureMessage } from '@/lib/api-error';
import { useProductList } from '@/lib/data/product-list';
import { setupPageQuery } from '@/lib/data/setup-list';
import { REM_OMNI_FLOW } from '@/lib/setup-flow';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import {
  capped,
  CLIENT_SEARCH_MIN,
  clientItems,
  clientSearchText,
  GROUPS,
  matchesWords,
  moreClientsThanShown,
  productItems,
  promptItems,
  screenItems,
  wordsOf,
  type JumpItem,
} from './palette-items';

/** How long typing pauses before the client search leaves. */
const CLIENT_SEARCH_DELAY_MS = 200;

/**
 * The setups list's first page for a search: the list's own query (lib/data/setup-list.ts), so
 * one answer is cached once for both.
 */
const clientSearchQuery = (searchText: string) =>
  setupPageQuery(REM_OMNI_FLOW, { searchText, limit: PAGE_SIZE, offset: 0 });

export interface PaletteItems {
  items: JumpItem[];
  loading: boolean;
  status: string[];
}

/**
 * What the palette offers for what is typed: screens at once; clients through the list's
 * search once typing pauses (from 2 characters); prompts and products, loaded when the palette
 * opens, by name. Each group shows its first few items and says when there are more; a failed
 * load is a status line, and the other groups go on working.
 */
export function usePaletteItems(query: string): PaletteItems {
  const words = wordsOf(query);
  const searchText = clientSearchText(query);
  const settled = useDebouncedValue(searchText, CLIENT_SEARCH_DELAY_MS);
  const searching = settled.length >= CLIENT_SEARCH_MIN && searchText.length >= CLIENT_SEARCH_MIN;
  const clients = useQuery({
    ...clientSearchQuery(settled),
    enabled: searching,
    placeholderData: keepPreviousData,
  });
  const prompts = usePrompts();
  const products = useProductList();

  const status: string[] = [];
  const groups: [string, JumpItem[], boolean][] = [];
  const addGroup = (name: string, all: JumpItem[], moreElsewhere = false) => {
    const { shown, more } = capped(all);
    groups.push([name, shown, more || moreElsewhere]);
  };

  addGroup(GROUPS.screens, screenItems(words));
  if (words.length > 0) {
    const rows = searching ? (clients.data ?? []) : [];
    let found = clientItems(rows);
    // Until the answer for what is typed now arrives, the last one shows what still matches.
    if (clients.isPlaceholderData || settled !== searchText) {
      found = found.filter((item) => matchesWords(words, item.label));
    }
    addGroup(GROUPS.clients, found, moreClientsThanShown(rows));
    addGroup(GROUPS.prompts, promptItems(prompts.data ?? [], words));
    addGroup(GROUPS.products, productItems(products.data ?? [], words));
  }

  if (searching && clients.isError) {
    status.push(`Client search failed: ${failureMessage(clients.error)}`);
  }
  if (prompts.isError) status.push(`Prompts could not be loaded: ${failureMessage(prompts.error)}`);
  if (products.isError) {
    status.push(`Products could not be loaded: ${failureMessage(products.error)}`);
  }
  for (const [name, shown, more] of groups) {
    if (more) {
      const type = words.length > 0 ? 'type more' : 'type';
      status.push(
        `More ${name.toLowerCase()} match than the ${shown.length} shown: ${type} to narrow.`,
      );
    }
  }

  const clientSearchPending =
    searchText.length >= CLIENT_SEARCH_MIN && (settled !== searchText || clients.isFetching);
  const listsPending = words.length > 0 && (prompts.isPending || products.isPending);
  return {
    items: groups.flatMap(([, shown]) => shown),
    loading: clientSearchPending || listsPending,
    status,
  };
}
