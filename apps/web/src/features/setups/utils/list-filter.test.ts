import { describe, expect, it } from '@jest/globals';
import { FLEET_FILTER_PARAMS } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { fleetListRows, fleetPage, listSearchParams, readListFilter } from './list-filter';
import { FILTER_PARAM_NAMES, namesFilter } from './list-params';

describe('the setups list address, filters', () => {
  it('names the same filters as the contracts, so a filtered first visit asks no allSetup', () => {
    expect([...FILTER_PARAM_NAMES].sort()).toEqual(Object.values(FLEET_FILTER_PARAMS).sort());
    expect(namesFilter(new URLSearchParams('ms=1'))).toBe(true);
    expect(namesFilter(new URLSearchParams('search=acme&page=2'))).toBe(false);
  });

  it('reads back the filters it writes, beside the search and the page', () => {
    const filter = {
      status: ['FAILED'],
      step: ['sti'],
      retailer: [4, 7],
      marketShare: true,
      prospect: false,
      failedSince: '2026-11-20T10:00:00.000Z',
    };
    const sp = listSearchParams({ page: 2, search: 'acme', filter });
    expect(sp.get('search')).toBe('acme');
    expect(sp.get('page')).toBe('2');
    expect(readListFilter(sp)).toEqual({ filter, filterError: null });
  });

  it('names a bad filter and keeps the good ones', () => {
    expect(readListFilter(new URLSearchParams('status=FAILED&ms=yes&retailer=x'))).toEqual({
      filter: { status: ['FAILED'] },
      filterError:
        'Ignored filter in the address: retailer (Must be retailer ids separated by commas); ms (Must be 0 or 1).',
    });
  });
  it('leaves the search and the first page out of the address', () => {
    expect(listSearchParams({ page: 1, search: '', filter: {} }).toString()).toBe('');
    expect(
      listSearchParams({ page: 1, search: '', filter: { marketShare: true } }).toString(),
    ).toBe('ms=1');
  });

  it('reads the fleet list 20 setups a page', () => {
    expect(fleetPage(1)).toEqual({ offset: 0, limit: 20 });
    expect(fleetPage(3)).toEqual({ offset: 40, limit: 20 });
  });

  it("lists a snapshot setup's rows with its client, the retailer's name only when known", () => {
    const setup = fixtures.fleetList().setups[0]!;
    const list = fixtures.fleetList({
      total: 31,
      setups: [
        {
          ...setup,
          rows: [
            ...setup.rows,
            {
              retailerId: 7,
              retailerName: null,
              status: 'FAILED',
              stepName: null,
              ismarketshareEnabled: true,
            },
          ],
        },
      ],
    });
    const client = { setupId: 101, clientName: 'acme foods', clientId: 5001, isNewClient: true };
    expect(fleetListRows(list)).toStrictEqual([
      {
        ...client,
        retailerId: 4,
        retailerName: 'Amazon',
        ismarketshareEnabled: false,
        status: 'IN_PROGRESS',
        stepName: 'sti',
        totalRecords: 31,
      },
      {
        ...client,
        retailerId: 7,
        ismarketshareEnabled: true,
        status: 'FAILED',
        stepName: null,
        totalRecords: 31,
      },
    ]);
  });
});
