import { describe, expect, it } from '@jest/globals';
import {
  defaultScheduleForm,
  normalizeStartTime,
  nowUtcTime,
  ScheduleSchema,
  scheduleFormErrors,
  toSchedulePayload,
  type ScheduleForm,
} from '../src/index.js';

const today = '2026-01-05';
const form = (change: Partial<ScheduleForm> = {}): ScheduleForm => ({
  ...defaultScheduleForm(today),
  enabled: true,
  ...change,
});

describe('the schedule form and the schedule contract', () => {
  it.each([
    [1, {}],
    [52, {}],
    [53, { interval: 'Invalid Input.' }],
    [520, { interval: 'Invalid Input.' }],
    [1.5, { interval: 'Invalid Input.' }],
  ])('gives interval %j the message %j', (interval, errors) => {
    expect(scheduleFormErrors(form({ interval }), today)).toEqual(errors);
  });

  it('refuses a date the calendar does not have with Invalid Date.', () => {
    expect(scheduleFormErrors(form({ startDate: '2026-02-30' }), today)).toEqual({
      startDate: 'Invalid Date.',
    });
    expect(scheduleFormErrors(form({ end: 'ON_DATE', endDate: '2026-04-31' }), today)).toEqual({
      endDate: 'Invalid Date.',
    });
    expect(scheduleFormErrors(form({ startDate: '2028-02-29' }), today)).toEqual({});
  });

  it('lets through exactly the schedules the contract takes', () => {
    const intervals = [0, 1, 2, 52, 53, 1.5];
    const startDates = ['2026-01-05', '2026-02-28', '2026-02-30', '2028-02-29'];
    const startTimes = ['05:30', '00:00', '23:59', '24:00', '5:30', '05:60'];
    const disagreements = intervals.flatMap((interval) =>
      startDates.flatMap((startDate) =>
        startTimes.flatMap((startTime) => {
          const value = form({ interval, startDate, startTime });
          const formAccepts = Object.keys(scheduleFormErrors(value, today)).length === 0;
          const contractAccepts = ScheduleSchema.safeParse(toSchedulePayload(value)).success;
          return formAccepts === contractAccepts ? [] : [{ interval, startDate, startTime }];
        }),
      ),
    );
    expect(disagreements).toEqual([]);
  });
});

describe('the start time', () => {
  it.each([
    ['5:30', '05:30'],
    ['05:30', '05:30'],
    ['05:30:00', '05:30'],
    ['5:30:00.000', '05:30'],
    [' 23:59 ', '23:59'],
    ['0:05', '00:05'],
  ])('reads the stored %j as %j', (stored, shown) => {
    expect(normalizeStartTime(stored)).toBe(shown);
  });

  it.each(['24:00', '5:60', 'half past five', '', '530'])(
    'keeps %j as stored, for the editor to flag',
    (stored) => {
      expect(normalizeStartTime(stored)).toBe(stored);
      expect(scheduleFormErrors(form({ startTime: normalizeStartTime(stored) }), today)).toEqual({
        startTime: 'Invalid Input.',
      });
    },
  );

  it('offers the current time in UTC, whatever the zone of the browser', () => {
    expect(nowUtcTime(new Date('2026-11-21T23:07:59+02:00'))).toBe('21:07');
  });
});
