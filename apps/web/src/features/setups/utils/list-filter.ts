/**
 * The setups list's fleet filters in its address (issue 33), beside list-params.ts's page and
 * search: apart, so the list's first request (first-load.ts) stays free of the filters' schemas.
 */
import {
  FLEET_FILTER_PARAMS,
  PAGE_SIZE,
  parseFleetFilterQuery,
  serializeFleetFilterQuery,
  type FleetFilter,
  type FleetList,
  type SetupRow,
} from '@onboarding/contracts';
import type { ListParams } from './list-params';

/** The fleet filters the list's URL carries, in the contracts' URL form. */
export interface ListFilter {
  /** The filters read; a bad one is left out. */
  filter: FleetFilter;
  /** What was wrong with the URL's filters, for the operator: null when nothing was. */
  filterError: string | null;
}

/**
 * Each filter parameter read alone, so a bad one (`?status=,,`) is ignored and named while the
 * others still apply.
 */
export function readListFilter(searchParams: URLSearchParams): ListFilter {
  let filter: FleetFilter = {};
  const bad: string[] = [];
  for (const name of Object.values(FLEET_FILTER_PARAMS)) {
    const value = searchParams.get(name);
    if (value === null) continue;
    const parsed = parseFleetFilterQuery(new URLSearchParams([[name, value]]));
    if (parsed.success) filter = { ...filter, ...parsed.data };
    else bad.push(`${name} (${parsed.error.issues[0]?.message ?? 'not understood'})`);
  }
  return {
    filter,
    filterError: bad.length > 0 ? `Ignored filter in the address: ${bad.join('; ')}.` : null,
  };
}

/** Whether any filter is set: the list then reads the fleet snapshot instead of allSetup. */
export const hasFilter = (filter: FleetFilter) => Object.keys(filter).length > 0;

/** The list's address query: search, the filters in their URL form, then the page. */
export function listSearchParams({
  page,
  search,
  filter,
}: ListParams & Pick<ListFilter, 'filter'>): URLSearchParams {
  const sp = new URLSearchParams(serializeFleetFilterQuery(filter));
  if (search) sp.set('search', search);
  if (page > 1) sp.set('page', String(page));
  return sp;
}

/** The fleet list's page: the same 20 setups a page. */
export const fleetPage = (page: number) => ({ offset: PAGE_SIZE * (page - 1), limit: PAGE_SIZE });

/**
 * A snapshot setup as list rows, with every field a refresh or re-trigger sends (the client's id
 * included, from its allSetup row), so they are sent as the snapshot has them.
 */
export function fleetListRows(list: FleetList): SetupRow[] {
  return list.setups.flatMap((s) =>
    s.rows.map((r) => ({
      setupId: s.setupId,
      clientName: s.clientName,
      clientId: s.clientId,
      isNewClient: s.isNewClient,
      retailerId: r.retailerId,
      ...(r.retailerName === null ? {} : { retailerName: r.retailerName }),
      ismarketshareEnabled: r.ismarketshareEnabled,
      status: r.status,
      stepName: r.stepName,
      totalRecords: list.total,
    })),
  );
}
