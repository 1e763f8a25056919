import { describe, expect, it } from '@jest/globals';
import { defaultScheduleForm, type ScheduleForm } from '@onboarding/contracts';
import { nextRuns } from './schedule-preview';

const schedule = (over: Partial<ScheduleForm>): ScheduleForm => ({
  ...defaultScheduleForm('2027-03-13'),
  enabled: true,
  ...over,
});

/**
 * docs/requirements.md: the preview writes each run in UTC and in the operator's time zone and
 * warns when a run falls on another weekday locally. Its edges: a run within an hour of local
 * midnight, a DST switch between runs, and a first run exactly at "now".
 */
describe('the schedule preview at its edges', () => {
  it('warns for a run half an hour after local midnight, and not for one half an hour before', () => {
    const monday = schedule({ startDate: '2027-03-15', byweekday: ['MO'] });
    const now = new Date('2027-03-14T00:00:00Z');
    // Tokyo is UTC+9: Monday 15:30 UTC is Tuesday 00:30 there, 14:30 UTC is Monday 23:30.
    const after = nextRuns(
      { ...monday, startTime: '15:30' },
      { now, count: 1, timeZone: 'Asia/Tokyo' },
    );
    const before = nextRuns(
      { ...monday, startTime: '14:30' },
      { now, count: 1, timeZone: 'Asia/Tokyo' },
    );
    expect(after.map((r) => [r.utcWeekday, r.localWeekday, r.shifted])).toEqual([
      ['Mon', 'Tue', true],
    ]);
    expect(before.map((r) => [r.utcWeekday, r.localWeekday, r.shifted])).toEqual([
      ['Mon', 'Mon', false],
    ]);
  });

  it('starts warning at the run after Berlin moves its clocks forward (28 March 2027)', () => {
    // Saturday 22:30 UTC: 23:30 Saturday in Berlin in winter (UTC+1), 00:30 Sunday in summer (UTC+2).
    const runs = nextRuns(
      schedule({ startDate: '2027-03-13', startTime: '22:30', byweekday: ['SA'] }),
      {
        now: new Date('2027-03-13T00:00:00Z'),
        count: 5,
        timeZone: 'Europe/Berlin',
      },
    );
    expect(runs.map((r) => [r.at.toISOString().slice(0, 10), r.localWeekday, r.shifted])).toEqual([
      ['2027-03-13', 'Sat', false],
      ['2027-03-20', 'Sat', false],
      ['2027-03-27', 'Sat', false],
      ['2027-04-03', 'Sun', true],
      ['2027-04-10', 'Sun', true],
    ]);
  });

  it('lists a first run that falls exactly at "now"', () => {
    const runs = nextRuns(
      schedule({ startDate: '2027-03-13', startTime: '05:30', byweekday: ['SA'] }),
      {
        now: new Date('2027-03-13T05:30:00Z'),
        count: 2,
        timeZone: 'UTC',
      },
    );
    expect(runs.map((r) => r.at.toISOString())).toEqual([
      '2027-03-13T05:30:00.000Z',
      '2027-03-20T05:30:00.000Z',
    ]);
  });
});
