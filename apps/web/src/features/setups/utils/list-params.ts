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
