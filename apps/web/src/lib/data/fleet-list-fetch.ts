import {
  serializeFleetFilterQuery,
  viewsOps,
  type FleetFilter,
  type FleetList,
} from '@onboarding/contracts';
import { call } from '../api-client';
import type { SetupFlow } from '../setup-flow';

/** Setups per call when reading every matching page (the contract's FLEET_LIST_MAX). */
const EVERY_PAGE_LIMIT = 100;
/** A list that never ends (a misbehaving gateway) stops here, as walk-pages.ts does. */
const MAX_PAGES = 1000;

/**
 * GET /api/fleet/list?flow=…&status=…&offset=…&limit=…: one page of a flow's setups matching the
 * filters over the gateway's whole fleet snapshot, in the filters' URL form.
 */
export function fetchFleetList(
  flow: SetupFlow,
  filter: FleetFilter,
  page: { offset: number; limit: number },
  signal?: AbortSignal,
): Promise<FleetList> {
  const filters = Object.fromEntries(new URLSearchParams(serializeFleetFilterQuery(filter)));
  return call(
    viewsOps.fleetList,
    {
      query: {
        ...flow.fleet,
        ...filters,
        offset: String(page.offset),
        limit: String(page.limit),
      },
    },
    { signal },
  );
}

/**
 * Every setup matching the filters, page after page of the snapshot (the CSV export); `onPage`
 * gets each page as it arrives with how many of how many are read.
 */
export async function fetchEveryFleetPage(
  flow: SetupFlow,
  filter: FleetFilter,
  onPage: (page: FleetList, progress: { setups: number; total: number }) => void,
  signal?: AbortSignal,
): Promise<void> {
  let read = 0;
  for (let n = 0; n < MAX_PAGES; n += 1) {
    const page = await fetchFleetList(
      flow,
      filter,
      { offset: read, limit: EVERY_PAGE_LIMIT },
      signal,
    );
    read += page.setups.length;
    onPage(page, { setups: read, total: Math.max(page.total, read) });
    if (page.setups.length < EVERY_PAGE_LIMIT || read >= page.total) return;
  }
}
