import { describe, expect, it } from '@jest/globals';
import {
  defaultRetailerIds,
  isMarketShareRetailer,
  optionOf,
  retailerOptions,
  type RetailerOption,
} from './retailers';

const groups = [
  {
    projectSource: 'REM' as const,
    data: [
      { retailerId: 12, retailerName: 'Walmart' },
      { retailerId: 4, retailerName: 'Amazon' },
    ],
  },
  {
    projectSource: 'MARKETSHARE' as const,
    data: [
      { retailerId: 31, retailerName: 'Amazon Fresh' },
      { retailerId: 12, retailerName: 'Walmart' },
    ],
  },
];

describe('retailers of the form', () => {
  it('lists every retailer once with its group', () => {
    const options = retailerOptions(groups);
    expect(options.map((o) => [o.retailerId, o.projectSource])).toEqual([
      [12, 'REM'],
      [4, 'REM'],
      [31, 'MARKETSHARE'],
    ]);
    expect(isMarketShareRetailer(options[2])).toBe(true);
    expect(isMarketShareRetailer(options[0])).toBe(false);
  });

  it('counts a retailer missing from the list as not Market Share', () => {
    expect(isMarketShareRetailer(undefined)).toBe(false);
  });

  it('names a retailer the list does not offer after its id, in the REM group', () => {
    const byId = new Map(retailerOptions(groups).map((o) => [o.retailerId, o]));
    expect(optionOf(byId, 31)).toEqual({
      retailerId: 31,
      retailerName: 'Amazon Fresh',
      projectSource: 'MARKETSHARE',
    });
    expect(optionOf(byId, 77)).toEqual({
      retailerId: 77,
      retailerName: 'Retailer 77',
      projectSource: 'REM',
    });
  });

  it('starts with Amazon, else retailer 4, else nothing', () => {
    expect(defaultRetailerIds(retailerOptions(groups))).toEqual([4]);
    expect(
      defaultRetailerIds([{ retailerId: 4, retailerName: 'Amazon US', projectSource: 'REM' }]),
    ).toEqual([4]);
    expect(
      defaultRetailerIds([{ retailerId: 9, retailerName: 'Target', projectSource: 'REM' }]),
    ).toEqual([]);
  });

  it('starts with the retailer named Amazon whatever its id, case or spaces', () => {
    const options: RetailerOption[] = [
      { retailerId: 4, retailerName: 'Target', projectSource: 'REM' },
      { retailerId: 7, retailerName: ' AMAZON ', projectSource: 'REM' },
    ];
    expect(defaultRetailerIds(options)).toEqual([7]);
  });

  it("starts a product's form with the retailer its path names, else as above", () => {
    const options = retailerOptions(groups);
    expect(defaultRetailerIds(options, 'walmart')).toEqual([12]);
    expect(defaultRetailerIds(options, 'amazon-fresh')).toEqual([31]);
    // A retailer the list does not offer: the usual default.
    expect(defaultRetailerIds(options, 'kroger')).toEqual([4]);
  });

  it('matches the path segment to a retailer name with stray or repeated spaces', () => {
    const options: RetailerOption[] = [
      { retailerId: 4, retailerName: 'Amazon', projectSource: 'REM' },
      { retailerId: 12, retailerName: 'Walmart ', projectSource: 'REM' },
      { retailerId: 31, retailerName: 'Amazon  Fresh', projectSource: 'MARKETSHARE' },
    ];
    expect(defaultRetailerIds(options, 'walmart')).toEqual([12]);
    expect(defaultRetailerIds(options, 'amazon-fresh')).toEqual([31]);
  });
});
