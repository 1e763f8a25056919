import { describe, expect, it } from '@jest/globals';
import type { FleetFilter, SetupRow } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { planBulk, refreshSkipReason, reTriggerSkipReason } from './bulk-plan';
import { filteredSkipReason } from './filtered-plan';

const row = (setupId: number, retailerId: number, status: string, stepName = 'sti') =>
  fixtures.setupRow({ setupId, retailerId, status, stepName, ismarketshareEnabled: false });

/** Each row's plan as `setup:retailer` with its skip reason, null when it is sent. */
const reasons = (rows: SetupRow[], reason: (r: SetupRow) => string | null) =>
  rows.map((r) => [`${r.setupId}:${r.retailerId}`, reason(r)]);

describe('a bulk action on a filtered list', () => {
  it('sends only the rows the row filters matched, and says why the others are left out', () => {
    const filter: FleetFilter = { retailer: [4] };
    const rows = [row(1, 4, 'FAILED'), row(1, 7, 'FAILED'), row(2, 4, 'FAILED')];
    expect(reasons(rows, filteredSkipReason(filter, reTriggerSkipReason))).toEqual([
      ['1:4', null],
      ['1:7', 'Not selected by the filters'],
      ['2:4', null],
    ]);
  });

  it("gives the action's own reason first, even for a row the filters left out", () => {
    const skip = filteredSkipReason({ status: ['COMPLETED'] }, refreshSkipReason);
    expect(skip(row(1, 4, 'FAILED'))).toBe('Not COMPLETED (now FAILED)');
    expect(skip(row(1, 7, 'COMPLETED'))).toBeNull();
  });

  it('sends every row of a matching setup when only setup filters are set', () => {
    const rows = [row(1, 4, 'COMPLETED'), row(1, 7, 'COMPLETED')];
    for (const filter of [{}, { prospect: false }, { slow: true }] satisfies FleetFilter[]) {
      expect(planBulk(rows, filteredSkipReason(filter, refreshSkipReason)).send).toEqual(rows);
    }
  });

  it('applies every row filter to the same row', () => {
    const filter: FleetFilter = { status: ['failed'], step: ['STI'], marketShare: false };
    const skip = filteredSkipReason(filter, () => null);
    expect(skip(row(1, 4, 'FAILED', 'sti'))).toBeNull();
    expect(skip(row(1, 4, 'FAILED', 'analytics'))).toBe('Not selected by the filters');
    expect(skip(row(1, 4, 'IN_PROGRESS', 'sti'))).toBe('Not selected by the filters');
    expect(skip({ ...row(1, 4, 'FAILED', 'sti'), ismarketshareEnabled: true })).toBe(
      'Not selected by the filters',
    );
  });

  it('selects by failed since from when each row failed, keyed by setup and retailer', () => {
    const since = '2026-11-20T10:00:00.000Z';
    const failedAt = new Map([
      ['1:4', Date.parse('2026-11-20T10:00:00.000Z')],
      ['1:7', Date.parse('2026-11-20T09:59:59.999Z')],
      ['2:4', Date.parse('2026-11-21T08:00:00.000Z')],
      // A time for setup 4's retailer 3 only, not for its retailer 4.
      ['4:3', Date.parse('2026-11-21T08:00:00.000Z')],
    ]);
    const rows = [
      row(1, 4, 'FAILED'),
      row(1, 7, 'FAILED'),
      row(2, 4, 'FAILED'),
      row(3, 4, 'FAILED'),
      row(4, 4, 'FAILED'),
    ];
    const skip = filteredSkipReason({ failedSince: since }, reTriggerSkipReason, failedAt);
    expect(reasons(rows, skip)).toEqual([
      ['1:4', null],
      ['1:7', 'Not selected by the filters'],
      ['2:4', null],
      ['3:4', 'Not selected by the filters'],
      ['4:4', 'Not selected by the filters'],
    ]);
  });

  it('selects no row by failed since when it is not told when rows failed', () => {
    const skip = filteredSkipReason({ failedSince: '2000-01-01T00:00:00.000Z' }, () => null);
    expect(skip(row(1, 4, 'FAILED'))).toBe('Not selected by the filters');
  });
});
