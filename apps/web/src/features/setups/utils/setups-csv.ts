import { stepLabel, type SetupRow } from '@onboarding/contracts';
import { groupSetups, retailerName, setupKind } from './group-setups';

/**
 * The list's columns as shown, with the badge split into Status and Step; then the setup's id and
 * dates, which the list does not show: a list row carries no dates, the fleet snapshot's workflow
 * read does (docs/requirements.md#setups-list-export).
 */
export const CSV_HEADER = [
  'Sr No.',
  'Client/Prospect Name',
  'Retailer',
  'is New Client',
  'Status',
  'Step',
  'Setup Id',
  'Started',
  'Last change',
] as const;

/** When a setup's workflow began and last changed (ISO 8601 UTC), as the fleet snapshot read it. */
export interface SetupDates {
  startedAt: string | null;
  lastChangeAt: string | null;
}

/** An ISO 8601 UTC time as the CSV writes it, or empty when unknown or unreadable. */
function csvTime(value: string | null | undefined): string {
  const ms = value ? Date.parse(value) : NaN;
  return Number.isFinite(ms) ? new Date(ms).toISOString() : '';
}

/**
 * One CSV cell (RFC 4180). A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR at
 * its start) gets a leading apostrophe, so a client name cannot inject one.
 */
export function csvCell(value: string | number | boolean): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | boolean)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * The lines of one page of rows: one per setup and retailer, numbered per setup from
 * `firstSrNo` as the list numbers them; a setup's dates empty when `dates` lacks it.
 */
export function setupsCsvLines(
  rows: readonly SetupRow[],
  firstSrNo: number,
  retailerNames: ReadonlyMap<number, string> | undefined,
  dates: ReadonlyMap<number, SetupDates> = new Map(),
): string {
  return groupSetups(rows)
    .flatMap((group, i) =>
      group.rows.map((row) =>
        csvLine([
          firstSrNo + i,
          group.clientName,
          `${retailerName(row, retailerNames)} (${setupKind(row)})`,
          String(group.isNewClient),
          row.status,
          row.stepName ? stepLabel(row.stepName) : '',
          group.setupId,
          csvTime(dates.get(group.setupId)?.startedAt),
          csvTime(dates.get(group.setupId)?.lastChangeAt),
        ]),
      ),
    )
    .join('');
}

/** `setups-2026-11-23.csv`, or `<product>-setups-<date>.csv` per product (UTC date). */
export function csvFileName(now: Date, productName?: string): string {
  const date = now.toISOString().slice(0, 10);
  const slug = (productName ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug ? `${slug}-` : ''}setups-${date}.csv`;
}
