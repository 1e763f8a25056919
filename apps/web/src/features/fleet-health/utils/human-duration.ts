/**
 * A duration as an operator says it, in its two largest units, rounded to the smaller one:
 * `45 s`, `4 min 10 s`, `2 h 5 min`, `3 d 4 h` (a unit at zero is left out: `2 h`).
 */
export function humanDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return pair(Math.floor(seconds / 60), 'min', seconds % 60, 's');
  // Rounded again from the milliseconds, so 1 h 59 min 50 s reads 2 h, not 1 h 60 min.
  const minutes = Math.round(ms / 60_000);
  if (minutes < 24 * 60) return pair(Math.floor(minutes / 60), 'h', minutes % 60, 'min');
  const hours = Math.round(ms / 3_600_000);
  return pair(Math.floor(hours / 24), 'd', hours % 24, 'h');
}

function pair(big: number, bigUnit: string, small: number, smallUnit: string): string {
  return small === 0 ? `${big} ${bigUnit}` : `${big} ${bigUnit} ${small} ${smallUnit}`;
}

/** A duration or a dash when none was measured. */
export function humanDurationOrDash(ms: number | null): string {
  return ms === null ? '—' : humanDuration(ms);
}

/** A chart axis's unit for durations up to `maxMs`: ticks in whole numbers of it. */
export function durationAxisUnit(maxMs: number): { ms: number; name: string } {
  if (maxMs >= 2 * 3_600_000) return { ms: 3_600_000, name: 'h' };
  if (maxMs >= 2 * 60_000) return { ms: 60_000, name: 'min' };
  return { ms: 1000, name: 's' };
}
