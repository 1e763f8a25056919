/** A per-product setup's recurring refresh schedule (docs/requirements.md#schedule-payload). */
export interface ScheduleFields {
  freq: string;
  byweekday?: readonly string[] | undefined;
  interval: number;
  startTime: string;
  startDate: string;
  endDate?: string | undefined;
}

const WEEKDAYS: Record<string, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};

const UNITS: Record<string, [string, string]> = {
  DAILY: ['day', 'days'],
  WEEKLY: ['week', 'weeks'],
  MONTHLY: ['month', 'months'],
};

function listText(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * The schedule in words, the way rrule's `toText()` reads, plus the time:
 * "every week on Wednesday at 05:30 UTC", "every 2 weeks on Monday and Friday at 07:00 UTC until 2025-06-30".
 */
export function rruleText(schedule: ScheduleFields): string {
  const [one, many] = UNITS[schedule.freq.toUpperCase()] ?? ['week', 'weeks'];
  const every = schedule.interval > 1 ? `every ${schedule.interval} ${many}` : `every ${one}`;
  const days = (schedule.byweekday ?? []).map((d) => WEEKDAYS[d.toUpperCase()] ?? d);
  const on = days.length > 0 ? ` on ${listText(days)}` : '';
  const until = schedule.endDate ? ` until ${schedule.endDate}` : '';
  return `${every}${on} at ${schedule.startTime} UTC${until}`;
}
