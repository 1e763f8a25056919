import { describe, expect, it } from '@jest/globals';
import type { SetupRow } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import {
  groupSetups,
  hasAnyCompleted,
  isCompleted,
  isFailed,
  isRowRunning,
  isSetupCompleted,
  retailerName,
  rowKey,
  setupKind,
  totalRecords,
  type SetupGroup,
} from './group-setups';

const row = (setupId: number, retailerId: number, fields: Partial<SetupRow> = {}) =>
  fixtures.setupRow({ setupId, retailerId, ...fields });

const groupOf = (...statuses: string[]): SetupGroup => ({
  setupId: 1,
  clientName: 'acme foods',
  clientId: 5001,
  isNewClient: false,
  rows: statuses.map((status, i) => row(1, i + 1, { status })),
});

describe('the setups of a list page', () => {
  it('groups rows by setup in the order the setups arrived, under the first row’s client', () => {
    const groups = groupSetups([
      row(12, 4, { clientName: 'globex', clientId: 7012, isNewClient: true }),
      row(11, 4, { clientName: 'acme foods', clientId: 7011, isNewClient: false }),
      row(12, 7, { clientName: 'globex renamed', clientId: 9999, isNewClient: false }),
    ]);
    expect(
      groups.map((g) => ({
        setupId: g.setupId,
        clientName: g.clientName,
        clientId: g.clientId,
        isNewClient: g.isNewClient,
        retailers: g.rows.map((r) => r.retailerId),
      })),
    ).toEqual([
      { setupId: 12, clientName: 'globex', clientId: 7012, isNewClient: true, retailers: [4, 7] },
      { setupId: 11, clientName: 'acme foods', clientId: 7011, isNewClient: false, retailers: [4] },
    ]);
    expect(groupSetups([])).toEqual([]);
  });

  it("counts the search's setups from the first row that carries totalRecords", () => {
    expect(
      totalRecords([
        row(1, 4, { totalRecords: undefined }),
        row(1, 7, { totalRecords: 42 }),
        row(2, 4, { totalRecords: 43 }),
      ]),
    ).toBe(42);
    expect(totalRecords([row(1, 4, { totalRecords: undefined })])).toBe(0);
    expect(totalRecords([])).toBe(0);
  });
});

describe('a row’s state', () => {
  it('reads COMPLETED and FAILED in any case, and nothing else as either', () => {
    expect(
      ['COMPLETED', 'completed', 'Completed'].map((s) => isCompleted(row(1, 4, { status: s }))),
    ).toEqual([true, true, true]);
    expect(['FAILED', 'failed'].map((s) => isFailed(row(1, 4, { status: s })))).toEqual([
      true,
      true,
    ]);
    expect(isCompleted(row(1, 4, { status: 'COMPLETED_PARTIALLY' }))).toBe(false);
    expect(isCompleted(row(1, 4, { status: 'FAILED' }))).toBe(false);
    expect(isFailed(row(1, 4, { status: 'COMPLETED' }))).toBe(false);
  });

  it('calls a row running while it is neither COMPLETED nor FAILED', () => {
    const running = ['NOT_STARTED', 'STARTED', 'IN_PROGRESS', 'QUEUED'];
    expect(running.map((status) => isRowRunning(row(1, 4, { status })))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(isRowRunning(row(1, 4, { status: 'completed' }))).toBe(false);
    expect(isRowRunning(row(1, 4, { status: 'Failed' }))).toBe(false);
  });
});

describe('when a setup links to its dashboard', () => {
  it('a client setup links once every retailer is COMPLETED, and never with no row', () => {
    expect(isSetupCompleted(groupOf('COMPLETED', 'completed'))).toBe(true);
    expect(isSetupCompleted(groupOf('COMPLETED', 'FAILED'))).toBe(false);
    expect(isSetupCompleted(groupOf('IN_PROGRESS', 'COMPLETED'))).toBe(false);
    expect(isSetupCompleted(groupOf())).toBe(false);
  });

  it('a product setup links once any retailer is COMPLETED', () => {
    expect(hasAnyCompleted(groupOf('FAILED', 'COMPLETED'))).toBe(true);
    expect(hasAnyCompleted(groupOf('FAILED', 'IN_PROGRESS'))).toBe(false);
    expect(hasAnyCompleted(groupOf())).toBe(false);
  });
});

describe('a row’s words in the list', () => {
  it('names the kind ML when marketshare is enabled and CL otherwise', () => {
    expect(setupKind({ ismarketshareEnabled: true })).toBe('ML');
    expect(setupKind({ ismarketshareEnabled: false })).toBe('CL');
  });

  it('names the retailer as the row does, else as the retailer list does, else by its id', () => {
    const names = new Map([
      [4, 'Amazon from the list'],
      [7, 'Walmart'],
    ]);
    expect(retailerName(row(1, 4, { retailerName: 'Amazon' }), names)).toBe('Amazon');
    expect(retailerName(row(1, 7, { retailerName: undefined }), names)).toBe('Walmart');
    expect(retailerName(row(1, 9, { retailerName: undefined }), names)).toBe('Retailer 9');
    expect(retailerName(row(1, 9, { retailerName: undefined }), undefined)).toBe('Retailer 9');
  });

  it('keys a row by its setup and retailer', () => {
    expect(rowKey({ setupId: 11, retailerId: 4 })).toBe('11:4');
    expect(rowKey(row(4, 11))).toBe('4:11');
  });
});
