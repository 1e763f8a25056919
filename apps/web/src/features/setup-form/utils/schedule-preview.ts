import { RRule, type Weekday as RRuleWeekday } from 'rrule';
import type { ScheduleForm, Weekday } from '@onboarding/contracts';
import { localTimeZone } from './time-zone';

const RRULE_DAYS: Record<Weekday, RRuleWeekday> = {
  MO: RRule.MO,
  TU: RRule.TU,
  WE: RRule.WE,
  TH: RRule.TH,
  FR: RRule.FR,
  SA: RRule.SA,
  SU: RRule.SU,
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

function utcDate(date: string, time = '00:00', seconds = 0): Date | null {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return null;
  const value = new Date(
    Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]), seconds),
  );
  return Number.isNaN(value.getTime()) ? null : value;
}

/**
 * The schedule as a recurrence rule in UTC (rrule keeps dates as UTC), or null while the
 * fields cannot make one. With no weekday chosen the start date's weekday is used, as the
 * server does.
 */
function scheduleRule(form: ScheduleForm, withEnd = true): RRule | null {
  const dtstart = utcDate(form.startDate, form.startTime);
  if (!dtstart || !Number.isInteger(form.interval) || form.interval < 1) return null;
  const until =
    withEnd && form.end === 'ON_DATE' && form.endDate ? utcDate(form.endDate, '23:59', 59) : null;
  if (withEnd && form.end === 'ON_DATE' && !until) return null;
  return new RRule({
    freq: RRule.WEEKLY,
    interval: form.interval,
    dtstart,
    ...(form.byweekday.length > 0 ? { byweekday: form.byweekday.map((d) => RRULE_DAYS[d]) } : {}),
    ...(until ? { until } : {}),
  });
}

/**
 * The schedule in plain English: rrule's `toText()` plus the UTC time and the dates, e.g.
 * "Every 2 weeks on Monday, Friday at 05:30 UTC, starting 2026-11-25, until 2026-12-31".
 */
export function scheduleSummary(form: ScheduleForm): string | null {
  const rule = scheduleRule(form, false);
  if (!rule) return null;
  const text = rule.toText();
  const until = form.end === 'ON_DATE' && form.endDate ? `, until ${form.endDate}` : '';
  return `${text.charAt(0).toUpperCase()}${text.slice(1)} at ${form.startTime} UTC, starting ${form.startDate}${until}`;
}

export interface RunPreview {
  at: Date;
  utcLabel: string;
  localLabel: string;
  /** Weekday (Mon…Sun) of the run in UTC and in the zone. */
  utcWeekday: string;
  localWeekday: string;
  /** The run falls on another weekday in the zone than in UTC. */
  shifted: boolean;
}

const weekdayFormats = new Map<string, Intl.DateTimeFormat>();
function weekdayIn(date: Date, timeZone: string): string {
  let format = weekdayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' });
    weekdayFormats.set(timeZone, format);
  }
  return format.format(date);
}

function labelIn(date: Date, timeZone: string, locale: string | undefined): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

/** The next `count` runs after `now`, written out in UTC and in `timeZone`. */
export function nextRuns(
  form: ScheduleForm,
  {
    now = new Date(),
    count = 5,
    timeZone = localTimeZone(),
    locale = 'en-GB',
  }: { now?: Date; count?: number; timeZone?: string; locale?: string } = {},
): RunPreview[] {
  const rule = scheduleRule(form);
  if (!rule) return [];
  const runs: RunPreview[] = [];
  let next = rule.after(now, true);
  while (next && runs.length < count) {
    const utcWeekday = weekdayIn(next, 'UTC');
    const localWeekday = weekdayIn(next, timeZone);
    runs.push({
      at: next,
      utcLabel: labelIn(next, 'UTC', locale),
      localLabel: labelIn(next, timeZone, locale),
      utcWeekday,
      localWeekday,
      shifted: utcWeekday !== localWeekday,
    });
    next = rule.after(next, false);
  }
  return runs;
}
