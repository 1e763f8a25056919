import { PAGE_SIZE, plainSearchText } from '@onboarding/contracts';

/** Page (1-based) and search text of the setups list, kept in the URL. */
export interface ListParams {
  page: number;
  search: string;
}

export function readListParams(searchParams: URLSearchParams): ListParams {
  const page = Number(searchParams.get('page'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    // As the call takes it: a pasted tab or bidi mark would have it refused.
    search: plainSearchText(searchParams.get('search') ?? '').slice(0, 100),
  };
}

/** The allSetup body of a list page: limit 20, offset 20 × (page − 1). */
export function allSetupBody({ page, search }: ListParams) {
  return { searchText: search, limit: PAGE_SIZE, offset: PAGE_SIZE * (page - 1) };
}

/**
 * The fleet filters' names in the address (the contracts' FLEET_FILTER_PARAMS, written out so the
 * list's first request stays free of their schemas; list-filter.test.ts holds them equal).
 */
export const FILTER_PARAM_NAMES = [
  'status',
  'step',
  'retailer',
  'ms',
  'prospect',
  'slow',
  'overdue',
  'failedSince',
] as const;

/** Whether the address names any filter: the list then reads the fleet snapshot, not allSetup. */
export const namesFilter = (searchParams: URLSearchParams) =>
  FILTER_PARAM_NAMES.some((name) => searchParams.has(name));
