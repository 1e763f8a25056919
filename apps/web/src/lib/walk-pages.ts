import type { SetupRow } from '@onboarding/contracts';

/** Setups per call when reading the whole list: the contract's largest page. */
const WALK_PAGE_SIZE = 100;
/** A list that never ends (a misbehaving upstream) stops here. */
const MAX_PAGES = 1000;

export interface WalkProgress {
  /** Setups read so far. */
  setups: number;
  /** Setups the list says match (`totalRecords`), once known. */
  total: number;
}

/**
 * Every page of the setups list, in order, one call at a time. Stops at a short page or once
 * `totalRecords` setups are read. A row seen twice (the list moved between two calls) is kept once.
 * `onPage` gets each page's new rows as they arrive, for streaming and progress.
 */
export async function walkSetupPages(
  fetchPage: (offset: number, limit: number) => Promise<SetupRow[]>,
  onPage?: (rows: SetupRow[], progress: WalkProgress) => void | Promise<void>,
  limit = WALK_PAGE_SIZE,
): Promise<SetupRow[]> {
  const all: SetupRow[] = [];
  const seen = new Set<string>();
  let setups = 0;
  let total = 0;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const rows = await fetchPage(page * limit, limit);
    total = Math.max(total, rows.find((r) => r.totalRecords !== undefined)?.totalRecords ?? 0);
    const pageSetups = new Set(rows.map((r) => r.setupId)).size;
    setups += pageSetups;
    const fresh = rows.filter((r) => {
      const key = `${r.setupId}:${r.retailerId}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    all.push(...fresh);
    await onPage?.(fresh, { setups, total: Math.max(total, setups) });
    if (pageSetups < limit || (total > 0 && setups >= total)) break;
  }
  return all;
}
