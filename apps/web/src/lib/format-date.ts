const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A timestamp (ISO text or epoch ms) as the operator reads it, in their time zone; text that is
 * not a date as sent; `empty` when there is none.
 */
export function formatDateTime(value: string | number | null | undefined, empty = '-'): string {
  if (value === null || value === undefined || value === '') return empty;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : dateTime.format(date);
}
