// Its own module: the setups list's forecast lines use it without the expected-live estimate.
export const MINUTE_MS = 60_000;

/** A duration for people: `45 min`, `2 h 5 min`, `3 d 4 h`. Under a minute counts as 1 min. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / MINUTE_MS));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return mins > 0 ? `${hours} h ${mins} min` : `${hours} h`;
  return `${mins} min`;
}
