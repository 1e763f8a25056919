/**
 * The CSV export of the setups list, loaded on first use (docs/requirements.md#setups-list-export):
 * every page for the current search (or every match of the fleet filters), written page by page, then handed to the browser.
 */
import { FLEET_SETUPS_MAX, type FleetFilter, type SetupRow } from '@onboarding/contracts';
import { fetchEveryPage } from '@/lib/data/every-page';
import { fetchEveryFleetPage } from '@/lib/data/fleet-list-fetch';
import { fetchFleetSetups } from '@/lib/data/fleet-setups';
import type { SetupFlow } from '@/lib/setup-flow';
import type { WalkProgress } from '@/lib/walk-pages';
import { groupSetups } from './group-setups';
import { fleetListRows, hasFilter } from './list-filter';
import { csvFileName, csvLine, CSV_HEADER, setupsCsvLines, type SetupDates } from './setups-csv';

/** Excel reads a CSV as UTF-8 only when it starts with a byte-order mark. */
const BOM = '\uFEFF';
/** The object URL outlives the click that starts the download (some browsers read it later). */
const REVOKE_AFTER_MS = 60_000;

export interface ExportRequest {
  flow: SetupFlow;
  searchText: string;
  /** With any filter, every setup the fleet snapshot matches instead of the search's. */
  filter: FleetFilter;
  retailerNames: ReadonlyMap<number, string> | undefined;
  /** Per product: its name leads the file name. */
  productName: string | undefined;
  onProgress: (progress: WalkProgress) => void;
  signal: AbortSignal;
}

/**
 * Reads every page and downloads the file; rejects (nothing downloaded) on failure or abort.
 * With no setup to write it downloads nothing and answers `fileName: null`. `undated`: the
 * setups written without dates, which the fleet snapshot has not read (yet).
 */
export async function exportSetupsCsv(request: ExportRequest) {
  const { flow, searchText, filter, retailerNames, signal } = request;
  const pages: { rows: SetupRow[]; firstSrNo: number }[] = [];
  const dates = new Map<number, SetupDates>();
  let setups = 0;
  const onPage = (rows: SetupRow[], progress: WalkProgress) => {
    // A page answered after Cancel asks for no further one.
    signal.throwIfAborted();
    pages.push({ rows, firstSrNo: setups + 1 });
    setups += groupSetups(rows).length;
    request.onProgress(progress);
  };
  if (hasFilter(filter)) {
    // The filtered list is the snapshot's own: its setups carry their dates.
    await fetchEveryFleetPage(
      flow,
      filter,
      (page, p) => {
        for (const s of page.setups) dates.set(s.setupId, datesOf(s));
        onPage(fleetListRows(page), p);
      },
      signal,
    );
  } else {
    await fetchEveryPage(flow, searchText, onPage, signal);
    const ids = [...new Set(pages.flatMap((p) => p.rows.map((r) => r.setupId)))];
    await readDates(flow.productId, ids, dates, signal);
  }
  signal.throwIfAborted();
  if (setups === 0) return { fileName: null, setups, undated: 0 };
  const chunks = [BOM, csvLine(CSV_HEADER)];
  for (const { rows, firstSrNo } of pages) {
    chunks.push(setupsCsvLines(rows, firstSrNo, retailerNames, dates));
  }
  const written = new Set(pages.flatMap((p) => p.rows.map((r) => r.setupId)));
  // Those with neither date: one with no start yet still has its Last change.
  const undated = [...written].filter((id) => {
    const d = dates.get(id);
    return !d?.startedAt && !d?.lastChangeAt;
  }).length;
  const fileName = csvFileName(new Date(), request.productName);
  download(new Blob(chunks, { type: 'text/csv;charset=utf-8' }), fileName);
  return { fileName, setups, undated };
}

const datesOf = (s: Partial<SetupDates>): SetupDates => ({
  startedAt: s.startedAt ?? null,
  lastChangeAt: s.lastChangeAt ?? null,
});

/**
 * The setups' dates from the fleet snapshot, FLEET_SETUPS_MAX a call, one call at a time. A
 * failed read leaves the rest undated rather than failing the export: the list's columns are
 * what it is for.
 */
async function readDates(
  productId: number | null,
  ids: readonly number[],
  dates: Map<number, SetupDates>,
  signal: AbortSignal,
): Promise<void> {
  for (let i = 0; i < ids.length; i += FLEET_SETUPS_MAX) {
    signal.throwIfAborted();
    try {
      const answer = await fetchFleetSetups(productId, ids.slice(i, i + FLEET_SETUPS_MAX), signal);
      for (const s of answer.setups) dates.set(s.setupId, datesOf(s));
    } catch (error) {
      if (signal.aborted) throw error;
      return;
    }
  }
}

/**
 * What the export's notification adds when some lines have no Started or Last change: the fleet
 * snapshot has not read those setups yet. Here, not in the hook: it stays off the list's first load.
 */
export function undatedNote(undated: number, setups: number): string {
  if (undated === 0) return '';
  const which =
    undated === setups
      ? setups === 1
        ? 'this setup'
        : 'these setups'
      : `${undated.toLocaleString('en-US')} ${undated === 1 ? 'setup' : 'setups'}`;
  return `. Started and Last change are empty for ${which}: the fleet has not read ${undated === 1 ? 'it' : 'them'} yet.`;
}

function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
