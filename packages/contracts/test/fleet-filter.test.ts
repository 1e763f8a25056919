import { describe, expect, it } from '@jest/globals';
import {
  type FleetFilter,
  FleetFilterSchema,
  parseFleetFilterQuery,
  serializeFleetFilterQuery,
} from '../src/index.js';

const EVERY: FleetFilter = {
  status: ['FAILED', 'IN_PROGRESS'],
  step: ['sti'],
  retailer: [4],
  marketShare: true,
  prospect: false,
  slow: true,
  overdue: true,
  failedSince: '2026-11-20T00:00:00Z',
};

describe('the fleet filters in an address', () => {
  it('writes every filter as the web carries it, and reads it back to the same filters', () => {
    const query = serializeFleetFilterQuery(EVERY);
    expect(query).toBe(
      'status=FAILED,IN_PROGRESS&step=sti&retailer=4&ms=1&prospect=0&slow=1&overdue=1' +
        '&failedSince=2026-11-20T00%3A00%3A00Z',
    );
    expect(parseFleetFilterQuery(`?${query}`)).toEqual({ success: true, data: EVERY });
    // As typed by hand, unencoded.
    expect(
      parseFleetFilterQuery(
        '?status=FAILED,IN_PROGRESS&step=sti&retailer=4&ms=1&prospect=0&slow=1&overdue=1&failedSince=2026-11-20T00:00:00Z',
      ),
    ).toEqual({ success: true, data: EVERY });
  });

  it('round-trips names with spaces and other characters, and no filter at all', () => {
    const filter: FleetFilter = { step: ['Data refresh & QA', 'über/step?'], retailer: [4, 12] };
    expect(parseFleetFilterQuery(serializeFleetFilterQuery(filter))).toEqual({
      success: true,
      data: filter,
    });
    expect(serializeFleetFilterQuery({})).toBe('');
    expect(parseFleetFilterQuery('')).toEqual({ success: true, data: {} });
  });

  it('leaves the address’s other parameters to their readers', () => {
    // Strictly: a filter the address does not name is absent, not present and undefined.
    expect(parseFleetFilterQuery('page=3&status=FAILED&panel=open')).toStrictEqual({
      success: true,
      data: { status: ['FAILED'] },
    });
  });

  it.each([
    ['retailer=four', 'retailer'],
    ['ms=yes', 'ms'],
    ['failedSince=yesterday', 'failedSince'],
    ['status=', 'status'],
  ])('refuses %s, naming the parameter', (query, name) => {
    const parsed = parseFleetFilterQuery(query);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path[0]).toBe(name);
  });
});

describe('the saved form of the filters', () => {
  it('refuses an unknown filter by name', () => {
    const parsed = FleetFilterSchema.safeParse({ status: ['FAILED'], colour: 'red' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Unknown filter: colour');
  });
});
