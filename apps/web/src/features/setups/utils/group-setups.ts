import { SETUP_STATUS, type SetupRow } from '@onboarding/contracts';

/** One setup of the list: its rows (one per retailer) under the setup's client. */
export interface SetupGroup {
  setupId: number;
  clientName: string;
  clientId: number;
  isNewClient: boolean;
  rows: SetupRow[];
}

/** Groups list rows by setupId, keeping the order in which the setups arrived. */
export function groupSetups(rows: readonly SetupRow[]): SetupGroup[] {
  const groups = new Map<number, SetupGroup>();
  for (const row of rows) {
    let group = groups.get(row.setupId);
    if (!group) {
      group = {
        setupId: row.setupId,
        clientName: row.clientName,
        clientId: row.clientId,
        isNewClient: row.isNewClient,
        rows: [],
      };
      groups.set(row.setupId, group);
    }
    group.rows.push(row);
  }
  return [...groups.values()];
}

/** Number of setups matching the search, from `totalRecords` on the rows. */
export function totalRecords(rows: readonly SetupRow[]): number {
  return rows.find((r) => r.totalRecords !== undefined)?.totalRecords ?? 0;
}

export const isCompleted = (row: SetupRow) => row.status.toUpperCase() === SETUP_STATUS.COMPLETED;
export const isFailed = (row: SetupRow) => row.status.toUpperCase() === SETUP_STATUS.FAILED;

/** A setup links to its dashboard once it is COMPLETED for every retailer. */
export function isSetupCompleted(group: SetupGroup): boolean {
  return group.rows.length > 0 && group.rows.every(isCompleted);
}

/** Product setups link once any row completed (docs/requirements.md#setups-list-dashboard-link). */
export function hasAnyCompleted(group: SetupGroup): boolean {
  return group.rows.some(isCompleted);
}

/** A row is still moving while it is neither COMPLETED nor FAILED. */
export function isRowRunning(row: SetupRow): boolean {
  return !isCompleted(row) && !isFailed(row);
}

/** ML (Marketshare Lite) when marketshare is enabled, CL (Category Leaderboard) otherwise. */
export function setupKind(row: Pick<SetupRow, 'ismarketshareEnabled'>): 'ML' | 'CL' {
  return row.ismarketshareEnabled ? 'ML' : 'CL';
}

export function retailerName(
  row: SetupRow,
  names: ReadonlyMap<number, string> | undefined,
): string {
  return row.retailerName ?? names?.get(row.retailerId) ?? `Retailer ${row.retailerId}`;
}

/** One retailer row of one setup (the bulk actions' and the selection's key). */
export const rowKey = (row: Pick<SetupRow, 'setupId' | 'retailerId'>) =>
  `${row.setupId}:${row.retailerId}`;
