import { z } from '../core/zod.js';
import { DEFAULT_SCHEDULE } from '../core/constants.js';
import { MESSAGES } from '../core/messages.js';
import { WeekdaySchema, type Weekday } from '../enums.js';
import { ScheduleSchema, type Schedule } from '../rem-omni/entities.js';

/** The schedule editor's state. */
export interface ScheduleForm {
  enabled: boolean;
  freq: 'WEEKLY';
  interval: number;
  byweekday: Weekday[];
  startDate: string;
  /** UTC HH:MM */
  startTime: string;
  end: 'NEVER' | 'ON_DATE';
  endDate: string | null;
}

/** Today as YYYY-MM-DD in UTC. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Now as UTC HH:MM, allowed instead of 05:30 (docs/requirements.md#setup-form-schedule). */
export function nowUtcTime(now: Date = new Date()): string {
  return now.toISOString().slice(11, 16);
}

const storedTime = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/**
 * A stored start time as the editor's HH:MM (`5:30` and `05:30:00` both read `05:30`). A value
 * that is no time of day is kept as it is, so the editor flags it instead of inventing one.
 */
export function normalizeStartTime(stored: string): string {
  const match = storedTime.exec(stored.trim());
  if (!match) return stored;
  const [, hours = '', minutes = ''] = match;
  if (Number(hours) > 23 || Number(minutes) > 59) return stored;
  return `${hours.padStart(2, '0')}:${minutes}`;
}

export function defaultScheduleForm(today: string = todayUtc()): ScheduleForm {
  return {
    enabled: false,
    freq: DEFAULT_SCHEDULE.freq,
    interval: DEFAULT_SCHEDULE.interval,
    byweekday: [...DEFAULT_SCHEDULE.byweekday],
    startDate: today,
    startTime: DEFAULT_SCHEDULE.startTime,
    end: DEFAULT_SCHEDULE.end,
    endDate: null,
  };
}

// Interval, dates and time are checked by the schedule contract's own fields, so the form never
// accepts what the gateway then refuses (an interval over 52 weeks, a 30 February).
const contract = ScheduleSchema.shape;
const accepts = (field: z.ZodMiniType) => (value: unknown) => field.safeParse(value).success;
const validDate = accepts(contract.startDate);

/**
 * Schedule rules (docs/requirements.md#setup-form-schedule), relative to `today` (YYYY-MM-DD):
 * interval a whole number of weeks from 1 to the contract's 52 (`Invalid Input.`); start and end
 * dates real dates not earlier than today (`Invalid Date.`); an end date required when the end is
 * on a date (`End Date is required.`); the start time UTC HH:MM (`Invalid Input.`).
 */
export function makeScheduleFormSchema(today: string) {
  return z
    .object({
      enabled: z.boolean(),
      freq: z.literal('WEEKLY'),
      interval: z
        .number({ error: MESSAGES.scheduleInvalidInput })
        .check(z.refine(accepts(contract.interval), MESSAGES.scheduleInvalidInput)),
      byweekday: z.array(WeekdaySchema),
      startDate: z
        .string()
        .check(z.refine((v) => validDate(v) && v >= today, MESSAGES.scheduleInvalidDate)),
      startTime: z
        .string()
        .check(z.refine(accepts(contract.startTime), MESSAGES.scheduleInvalidInput)),
      end: z.enum(['NEVER', 'ON_DATE']),
      endDate: z.nullable(z.string()),
    })
    .check(
      z.superRefine((form, ctx) => {
        if (form.end !== 'ON_DATE') return;
        if (!form.endDate) {
          ctx.addIssue({
            code: 'custom',
            path: ['endDate'],
            message: MESSAGES.scheduleEndDateRequired,
          });
        } else if (
          !validDate(form.endDate) ||
          form.endDate < today ||
          form.endDate < form.startDate
        ) {
          ctx.addIssue({
            code: 'custom',
            path: ['endDate'],
            message: MESSAGES.scheduleInvalidDate,
          });
        }
      }),
    );
}

/** Field → first message, for the editor. Empty when valid. */
export function scheduleFormErrors(
  form: ScheduleForm,
  today: string,
): Partial<Record<keyof ScheduleForm, string>> {
  const result = makeScheduleFormSchema(today).safeParse(form);
  if (result.success) return {};
  const errors: Partial<Record<keyof ScheduleForm, string>> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof ScheduleForm | undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/** docs/requirements.md#schedule-payload: byweekday omitted when empty, endDate when never. */
export function toSchedulePayload(form: ScheduleForm): Schedule {
  const weekdays = [...new Set(form.byweekday)];
  return {
    freq: form.freq,
    interval: form.interval,
    ...(weekdays.length > 0 ? { byweekday: weekdays } : {}),
    startTime: form.startTime,
    startDate: form.startDate,
    ...(form.end === 'ON_DATE' && form.endDate ? { endDate: form.endDate } : {}),
  };
}
