import { describe, expect, it } from '@jest/globals';
import { defaultScheduleForm, type ScheduleForm } from '@onboarding/contracts';
import { nextRuns, scheduleSummary } from './schedule-preview';

const schedule = (over: Partial<ScheduleForm> = {}): ScheduleForm => ({
  ...defaultScheduleForm('2026-11-20'),
  enabled: true,
  ...over,
});

const FRIDAY_20_NOV = new Date('2026-11-20T00:00:00Z');

describe('schedule summary', () => {
  it('reads the default schedule in plain English', () => {
    expect(scheduleSummary(schedule())).toBe(
      'Every week on Wednesday at 05:30 UTC, starting 2026-11-20',
    );
  });

  it('reads an interval, several weekdays and an end date', () => {
    expect(
      scheduleSummary(
        schedule({
          interval: 2,
          byweekday: ['MO', 'FR'],
          startTime: '07:15',
          end: 'ON_DATE',
          endDate: '2026-12-31',
        }),
      ),
    ).toBe('Every 2 weeks on Monday, Friday at 07:15 UTC, starting 2026-11-20, until 2026-12-31');
  });

  it('has nothing to say while the interval is not a number', () => {
    expect(scheduleSummary(schedule({ interval: Number.NaN }))).toBeNull();
  });

  it('has nothing to say while the interval is below one week', () => {
    expect(scheduleSummary(schedule({ interval: 0 }))).toBeNull();
    expect(scheduleSummary(schedule({ interval: -1 }))).toBeNull();
  });

  it.each([
    ['an empty start date', { startDate: '' }],
    ['a start date with a digit too many', { startDate: '2026-11-201' }],
    ['a start date with a digit in front', { startDate: '12026-11-20' }],
    ['an empty start time', { startTime: '' }],
    ['a start time with a digit too many', { startTime: '05:301' }],
    ['a start time with a digit in front', { startTime: '105:30' }],
  ])('has nothing to say for %s', (_what, over: Partial<ScheduleForm>) => {
    expect(scheduleSummary(schedule(over))).toBeNull();
  });

  it('says no end date until one is picked, nor one left behind when ending never', () => {
    expect(scheduleSummary(schedule({ end: 'ON_DATE', endDate: null }))).toBe(
      'Every week on Wednesday at 05:30 UTC, starting 2026-11-20',
    );
    expect(scheduleSummary(schedule({ end: 'NEVER', endDate: '2026-12-31' }))).toBe(
      'Every week on Wednesday at 05:30 UTC, starting 2026-11-20',
    );
  });
});

describe('next runs', () => {
  it('lists the next five Wednesdays at 05:30 UTC', () => {
    const runs = nextRuns(schedule(), { now: FRIDAY_20_NOV, timeZone: 'UTC' });
    expect(runs.map((r) => r.at.toISOString())).toEqual([
      '2026-11-25T05:30:00.000Z',
      '2026-12-02T05:30:00.000Z',
      '2026-12-09T05:30:00.000Z',
      '2026-12-16T05:30:00.000Z',
      '2026-12-23T05:30:00.000Z',
    ]);
    expect(runs.every((r) => !r.shifted)).toBe(true);
  });

  it('warns that a Wednesday 05:30 UTC run is a Tuesday evening in Los Angeles', () => {
    const runs = nextRuns(schedule(), { now: FRIDAY_20_NOV, timeZone: 'America/Los_Angeles' });
    expect(runs).toHaveLength(5);
    expect(runs[0]).toMatchObject({ utcWeekday: 'Wed', localWeekday: 'Tue', shifted: true });
    expect(runs[0]?.utcLabel).toBe('Wed, 25 Nov 2026, 05:30');
    expect(runs[0]?.localLabel).toBe('Tue, 24 Nov 2026, 21:30');
  });

  it('keeps the UTC time when the local clock changes for daylight saving', () => {
    const runs = nextRuns(schedule({ startDate: '2026-03-01' }), {
      now: new Date('2026-03-01T00:00:00Z'),
      count: 2,
      timeZone: 'America/Los_Angeles',
    });
    expect(runs.map((r) => r.localLabel)).toEqual([
      'Tue, 3 Mar 2026, 21:30',
      'Tue, 10 Mar 2026, 22:30',
    ]);
  });

  it('shows no shift in Auckland for 05:30 UTC, and the next day for 13:00 UTC', () => {
    const early = nextRuns(schedule(), { now: FRIDAY_20_NOV, timeZone: 'Pacific/Auckland' });
    expect(early[0]).toMatchObject({ localWeekday: 'Wed', shifted: false });
    expect(early[0]?.localLabel).toBe('Wed, 25 Nov 2026, 18:30');
    const late = nextRuns(schedule({ startTime: '13:00' }), {
      now: FRIDAY_20_NOV,
      timeZone: 'Pacific/Auckland',
    });
    expect(late[0]).toMatchObject({ utcWeekday: 'Wed', localWeekday: 'Thu', shifted: true });
    expect(late[0]?.localLabel).toBe('Thu, 26 Nov 2026, 02:00');
  });

  it('runs every other week on the chosen days and stops at the end date', () => {
    const runs = nextRuns(
      schedule({
        interval: 2,
        byweekday: ['MO', 'TH'],
        startDate: '2026-11-23',
        end: 'ON_DATE',
        endDate: '2026-12-10',
      }),
      { now: FRIDAY_20_NOV, timeZone: 'UTC' },
    );
    expect(runs.map((r) => r.at.toISOString().slice(0, 10))).toEqual([
      '2026-11-23',
      '2026-11-26',
      '2026-12-07',
      '2026-12-10',
    ]);
  });

  it("uses the start date's weekday when no weekday is chosen", () => {
    const runs = nextRuns(schedule({ byweekday: [], startDate: '2026-11-23' }), {
      now: FRIDAY_20_NOV,
      count: 2,
      timeZone: 'UTC',
    });
    expect(runs.map((r) => r.utcWeekday)).toEqual(['Mon', 'Mon']);
  });

  it('starts from now when the start date has passed', () => {
    const runs = nextRuns(schedule({ startDate: '2026-01-07' }), {
      now: FRIDAY_20_NOV,
      count: 1,
      timeZone: 'UTC',
    });
    expect(runs[0]?.at.toISOString()).toBe('2026-11-25T05:30:00.000Z');
  });

  it('keeps running past an end date left behind when the schedule ends never', () => {
    const runs = nextRuns(schedule({ end: 'NEVER', endDate: '2026-11-30' }), {
      now: FRIDAY_20_NOV,
      count: 2,
      timeZone: 'UTC',
    });
    expect(runs.map((r) => r.at.toISOString().slice(0, 10))).toEqual(['2026-11-25', '2026-12-02']);
  });

  it('has no runs while the end date is missing', () => {
    expect(nextRuns(schedule({ end: 'ON_DATE', endDate: null }), { now: FRIDAY_20_NOV })).toEqual(
      [],
    );
  });
});
