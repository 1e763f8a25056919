import type { FleetFilter } from '@onboarding/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { failureMessage } from '@/lib/api-error';
import { useNotify } from '@/lib/notify';
import type { SetupFlow } from '@/lib/setup-flow';
import type { WalkProgress } from '@/lib/walk-pages';

export interface CsvExportOptions {
  flow: SetupFlow;
  searchText: string;
  /** The list's fleet filters: with any, the export reads the snapshot's matches instead. */
  filter: FleetFilter;
  retailerNames: ReadonlyMap<number, string> | undefined;
  productName: string | undefined;
}

/** When the search finds no setup: nothing is downloaded. */
const EMPTY_EXPORT_MESSAGE = 'There is nothing to export.';

/** How many setups of how many the running export has read; null while none runs. */
export type ExportProgress = WalkProgress | null;

/**
 * The list's CSV export: `start` reads every page with the current search (or filters) and downloads the
 * file, `cancel` stops it with nothing downloaded (docs/requirements.md#setups-list-export).
 */
export function useCsvExport(options: CsvExportOptions) {
  const notify = useNotify();
  const [progress, setProgress] = useState<ExportProgress>(null);
  const running = useRef<AbortController | null>(null);
  // Leaving the list stops its export.
  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setProgress({ setups: 0, total: 0 });
    try {
      // The export's code loads on first use, not with the list.
      const { exportSetupsCsv, undatedNote } = await import('../utils/export-setups-csv');
      const { fileName, setups, undated } = await exportSetupsCsv({
        ...options,
        signal: controller.signal,
        onProgress: (p) => {
          if (!controller.signal.aborted) setProgress(p);
        },
      });
      if (fileName === null) {
        // A header-only file would say nothing; the search found no setup.
        notify(EMPTY_EXPORT_MESSAGE, { severity: 'info' });
      } else {
        notify(
          `Exported ${formatCount(setups)} ${setups === 1 ? 'setup' : 'setups'} to ${fileName}` +
            undatedNote(undated, setups),
          { severity: 'success' },
        );
      }
    } catch (error) {
      if (!controller.signal.aborted) {
        notify(`Export failed: ${failureMessage(error)}`, { severity: 'error' });
      }
    } finally {
      if (running.current === controller) {
        running.current = null;
        setProgress(null);
      }
    }
  };

  const cancel = useCallback(() => {
    const controller = running.current;
    if (!controller) return;
    running.current = null;
    controller.abort();
    setProgress(null);
    notify('Export cancelled: nothing was downloaded.');
  }, [notify]);

  return { progress, start, cancel };
}

/** 1,200 rather than 1200. */
export const formatCount = (n: number) => n.toLocaleString('en-US');
