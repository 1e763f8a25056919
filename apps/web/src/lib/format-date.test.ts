import { describe, expect, it } from '@jest/globals';
import { formatDateTime } from './format-date';

// September left out: ICU versions differ on `Sep` and `Sept` in en-GB.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', null, 'Oct', 'Nov', 'Dec'];
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** How the operator reads `date` in their own time zone: `5 Jan 2026, 09:05`. */
function shown(date: Date): string {
  const month = MONTHS[date.getMonth()];
  if (!month) throw new Error('Pick a date outside September');
  const time = `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
  return `${date.getDate()} ${month} ${date.getFullYear()}, ${time}`;
}

describe('a timestamp as the operator reads it', () => {
  it('shows the day, the month in short, the year and the time on a 24-hour clock', () => {
    const morning = new Date(2026, 0, 5, 9, 5);
    expect(formatDateTime(morning.toISOString())).toBe('5 Jan 2026, 09:05');
    expect(formatDateTime(new Date(2026, 6, 23, 17, 45).getTime())).toBe('23 Jul 2026, 17:45');
  });

  it("shows an instant sent in UTC at the operator's own clock", () => {
    expect(formatDateTime('2026-03-14T23:30:00Z')).toBe(
      shown(new Date(Date.UTC(2026, 2, 14, 23, 30))),
    );
    expect(formatDateTime(Date.UTC(2026, 1, 1, 0, 15))).toBe(
      shown(new Date(Date.UTC(2026, 1, 1, 0, 15))),
    );
  });

  it('shows the first instant of epoch time, not the empty mark', () => {
    expect(formatDateTime(0)).toBe(shown(new Date(0)));
  });

  it('shows text that is not a date as it was sent', () => {
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatDateTime('2026-13-45')).toBe('2026-13-45');
  });

  it('shows a dash when there is no timestamp', () => {
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime(undefined)).toBe('-');
    expect(formatDateTime('')).toBe('-');
  });

  it("shows the caller's own mark when there is no timestamp", () => {
    expect(formatDateTime(null, 'Never')).toBe('Never');
    expect(formatDateTime(undefined, '')).toBe('');
    expect(formatDateTime('', '–')).toBe('–');
  });
});
