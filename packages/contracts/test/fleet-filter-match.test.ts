import { describe, expect, it } from '@jest/globals';
import { type FilterRow, type FleetFilter, fleetFilterTest } from '../src/index.js';

const FAILED_AT = Date.parse('2026-11-24T08:00:00Z');
const NOW = Date.parse('2026-11-25T12:00:00Z');

/** A failed ML row at STI on Walmart (4), as the failure board has it. */
const row: FilterRow = {
  retailerId: 4,
  status: 'FAILED',
  stepName: 'sti',
  ismarketshareEnabled: true,
};

const rowMatches = (filter: FleetFilter, r = row) => fleetFilterTest(filter).row(r, FAILED_AT);

describe('the fleet filters on one row', () => {
  it('selects every row without a row filter, and says it has none', () => {
    expect(fleetFilterTest({}).rowFiltered).toBe(false);
    expect(fleetFilterTest({ prospect: true, slow: true }).rowFiltered).toBe(false);
    expect(fleetFilterTest({ marketShare: false }).rowFiltered).toBe(true);
    expect(rowMatches({})).toBe(true);
  });

  it('asks every row filter of the row: status and step in any case, retailer, ML or CL', () => {
    expect(
      rowMatches({ status: ['failed'], step: ['STI'], retailer: [4], marketShare: true }),
    ).toBe(true);
    expect(rowMatches({ status: ['COMPLETED'] })).toBe(false);
    expect(rowMatches({ step: ['analytics'] })).toBe(false);
    expect(rowMatches({ step: ['sti'] }, { ...row, stepName: null })).toBe(false);
    expect(rowMatches({ retailer: [9] })).toBe(false);
    expect(rowMatches({ marketShare: false })).toBe(false);
  });

  it('holds failed since at or after the time, and never for a row whose time is unknown', () => {
    expect(rowMatches({ failedSince: '2026-11-24T08:00:00Z' })).toBe(true);
    expect(rowMatches({ failedSince: '2026-11-24T08:00:01Z' })).toBe(false);
    expect(fleetFilterTest({ failedSince: '2026-11-01T00:00:00Z' }).row(row, undefined)).toBe(
      false,
    );
  });

  it('leaves the setup filters to the setup test, which reads the forecast only for slow and overdue', () => {
    const test = fleetFilterTest({ prospect: true, overdue: false });
    expect(test.row(row, undefined)).toBe(true);
    expect(test.readsForecast).toBe(true);
    expect(fleetFilterTest({ prospect: true }).readsForecast).toBe(false);
    expect(test.setup({ isNewClient: true, forecast: null }, NOW)).toBe(true);
    expect(test.setup({ isNewClient: false, forecast: null }, NOW)).toBe(false);
    expect(
      test.setup(
        { isNewClient: true, forecast: { slow: [], liveBy: '2026-11-25T11:00:00Z' } },
        NOW,
      ),
    ).toBe(false);
  });

  it('says it filters rows for each row filter alone', () => {
    const each: FleetFilter[] = [
      { status: ['FAILED'] },
      { step: ['sti'] },
      { retailer: [4] },
      { marketShare: true },
      { failedSince: '2026-11-01T00:00:00Z' },
    ];
    for (const filter of each) expect(fleetFilterTest(filter).rowFiltered).toBe(true);
    expect(fleetFilterTest({ slow: false }).readsForecast).toBe(true);
  });

  it('holds slow for a setup with a slow step, and not slow for one without', () => {
    const slowStep = {
      isNewClient: false,
      forecast: { slow: [{ stepName: 'sti' }], liveBy: null },
    };
    const onTime = { isNewClient: false, forecast: { slow: [], liveBy: null } };
    const done = { isNewClient: false, forecast: null };
    expect(fleetFilterTest({ slow: true }).setup(slowStep, NOW)).toBe(true);
    expect(fleetFilterTest({ slow: true }).setup(onTime, NOW)).toBe(false);
    expect(fleetFilterTest({ slow: true }).setup(done, NOW)).toBe(false);
    expect(fleetFilterTest({ slow: false }).setup(onTime, NOW)).toBe(true);
    expect(fleetFilterTest({ slow: false }).setup(slowStep, NOW)).toBe(false);
    expect(fleetFilterTest({ prospect: false }).setup(onTime, NOW)).toBe(true);
    expect(fleetFilterTest({ prospect: true }).setup(onTime, NOW)).toBe(false);
  });

  it('holds overdue once the forecast time has passed, not at it, and never without one', () => {
    const liveBy = (at: string | null) => ({
      isNewClient: false,
      forecast: { slow: [], liveBy: at },
    });
    const overdue = fleetFilterTest({ overdue: true });
    expect(overdue.setup(liveBy('2026-11-25T11:59:59Z'), NOW)).toBe(true);
    expect(overdue.setup(liveBy('2026-11-25T12:00:00Z'), NOW)).toBe(false);
    expect(overdue.setup(liveBy(null), NOW)).toBe(false);
    expect(overdue.setup({ isNewClient: false, forecast: null }, NOW)).toBe(false);
    expect(fleetFilterTest({ overdue: false }).setup(liveBy(null), NOW)).toBe(true);
    expect(fleetFilterTest({}).setup(liveBy('2026-11-25T11:00:00Z'), NOW)).toBe(true);
  });
});
