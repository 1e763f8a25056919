import type { SetupRow } from '@onboarding/contracts';
import type { SetupFlow } from '../setup-flow';
import { walkSetupPages, type WalkProgress } from '../walk-pages';
import { fetchSetupPage } from './setup-list';

/**
 * Every setup row of the list for `searchText`, page after page (the board, the candidates and
 * the CSV export read the whole list through the same call as the list, no other endpoint).
 */
export function fetchEveryPage(
  flow: SetupFlow,
  searchText: string,
  onPage?: (rows: SetupRow[], progress: WalkProgress) => void | Promise<void>,
  signal?: AbortSignal,
): Promise<SetupRow[]> {
  return walkSetupPages(
    (offset, limit) => fetchSetupPage(flow, { searchText, limit, offset }, signal),
    onPage,
  );
}
