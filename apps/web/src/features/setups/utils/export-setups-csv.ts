/**
 * The CSV export of the setups list, loaded on first use (docs/requirements.md#setups-list-export):
 * every page for the current search (or every match of the fleet filters), written page by page, then handed to the browser.
 */
import type { FleetFilter, SetupRow } from '@onboarding/contracts';
import { fetchEveryPage } from '@/lib/data/every-page';
import { fetchEveryFleetPage } from '@/lib/data/fleet-list-fetch';
import type { SetupFlow } from '@/lib/setup-flow';
import type { WalkProgress } from '@/lib/walk-pages';
import { groupSetups } from './group-setups';
import { fleetListRows, hasFilter } from './list-filter';
import { csvFileName, csvLine, CSV_HEADER, setupsCsvLines } from './setups-csv';

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
 * With no setup to write it downloads nothing and answers `fileName: null`.
 */
export async function exportSetupsCsv(request: ExportRequest) {
  const { flow, searchText, filter, retailerNames, signal } = request;
  const chunks = [BOM, csvLine(CSV_HEADER)];
  let setups = 0;
  const onPage = (rows: SetupRow[], progress: WalkProgress) => {
    // A page answered after Cancel asks for no further one.
    signal.throwIfAborted();
    chunks.push(setupsCsvLines(rows, setups + 1, retailerNames));
    setups += groupSetups(rows).length;
    request.onProgress(progress);
  };
  if (hasFilter(filter)) {
    await fetchEveryFleetPage(flow, filter, (page, p) => onPage(fleetListRows(page), p), signal);
  } else {
    await fetchEveryPage(flow, searchText, onPage, signal);
  }
  signal.throwIfAborted();
  if (setups === 0) return { fileName: null, setups };
  const fileName = csvFileName(new Date(), request.productName);
  download(new Blob(chunks, { type: 'text/csv;charset=utf-8' }), fileName);
  return { fileName, setups };
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
