import { z } from 'zod';
import { DEFAULT_SCHEDULE } from '../core/constants.js';
import { MESSAGES } from '../core/messages.js';
import { WeekdaySchema, type Weekday } from '../enums.js';
import type { Schedule } from '../rem-omni/entities.js';

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

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (v: string) => isoDate.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/**
 * Schedule rules of spec §5, relative to `today` (YYYY-MM-DD): interval at least 1
 * (`Invalid Input.`); start and end dates not earlier than today (`Invalid Date.`); an end
 * date required when the end is on a date (`End Date is required.`).
 */
export function makeScheduleFormSchema(today: string) {
  return z
    .object({
      enabled: z.boolean(),
      freq: z.literal('WEEKLY'),
      interval: z
        .number({ error: MESSAGES.scheduleInvalidInput })
        .int(MESSAGES.scheduleInvalidInput)
        .min(1, MESSAGES.scheduleInvalidInput),
      byweekday: z.array(WeekdaySchema),
      startDate: z.string().refine((v) => validDate(v) && v >= today, MESSAGES.scheduleInvalidDate),
      startTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, MESSAGES.scheduleInvalidInput),
      end: z.enum(['NEVER', 'ON_DATE']),
      endDate: z.string().nullable(),
    })
    .superRefine((form, ctx) => {
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
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: MESSAGES.scheduleInvalidDate });
      }
    });
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

/** The schedule payload of spec §3: byweekday omitted when empty, endDate omitted when never. */
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
