import { describe, expect, it } from '@jest/globals';
import { defaultRetailerIds, isMarketShareRetailer, retailerOptions } from './retailers';

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

  it('starts with Amazon, else retailer 4, else nothing', () => {
    expect(defaultRetailerIds(retailerOptions(groups))).toEqual([4]);
    expect(
      defaultRetailerIds([{ retailerId: 4, retailerName: 'Amazon US', projectSource: 'REM' }]),
    ).toEqual([4]);
    expect(
      defaultRetailerIds([{ retailerId: 9, retailerName: 'Target', projectSource: 'REM' }]),
    ).toEqual([]);
  });

  it("starts a product's form with the retailer its path names, else as above", () => {
    const options = retailerOptions(groups);
    expect(defaultRetailerIds(options, 'walmart')).toEqual([12]);
    expect(defaultRetailerIds(options, 'amazon-fresh')).toEqual([31]);
    // A retailer the list does not offer: the usual default.
    expect(defaultRetailerIds(options, 'kroger')).toEqual([4]);
  });
});
