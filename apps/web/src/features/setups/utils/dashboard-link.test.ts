import { describe, expect, it } from '@jest/globals';
import { productDashboardUrl, retailerSegment, swappedRetailer } from './dashboard-link';

const base = 'https://dash.example.com';

describe('product dashboard link', () => {
  it('links to the product path under the client when the client has the product retailer', () => {
    expect(
      productDashboardUrl({
        baseUrl: base,
        clientName: 'acme foods',
        productPath: '/digital-shelf/amazon/overview',
        clientRetailers: ['Walmart', 'Amazon'],
      }),
    ).toBe('https://dash.example.com/acme%20foods/digital-shelf/amazon/overview');
  });

  it("swaps the retailer segment for the client's first retailer when the client lacks the product's retailer", () => {
    expect(
      productDashboardUrl({
        baseUrl: base,
        clientName: 'acme foods',
        productPath: '/retail-media/walmart/campaigns',
        clientRetailers: ['Target', 'Amazon'],
      }),
    ).toBe('https://dash.example.com/acme%20foods/retail-media/target/campaigns');
  });

  it('keeps the product retailer when the client has no known retailer', () => {
    expect(
      productDashboardUrl({
        baseUrl: base,
        clientName: 'globex',
        productPath: '/share-of-search/target/keywords',
        clientRetailers: [],
      }),
    ).toBe('https://dash.example.com/globex/share-of-search/target/keywords');
  });

  it('compares retailer names without case and with spaces as hyphens, and keeps the path as written', () => {
    expect(swappedRetailer('whole-foods', ['Whole Foods'])).toBeNull();
    expect(swappedRetailer('Amazon', ['amazon'])).toBeNull();
    expect(swappedRetailer('amazon', ['Walmart Grocery'])).toBe('walmart-grocery');
    expect(
      productDashboardUrl({
        baseUrl: base,
        clientName: 'initech',
        productPath: '/shelf/Amazon/Overview',
        clientRetailers: ['AMAZON'],
      }),
    ).toBe('https://dash.example.com/initech/shelf/Amazon/Overview');
  });

  it('tolerates slashes and spaces around the base URL and the path, and keeps a query string', () => {
    expect(
      productDashboardUrl({
        baseUrl: ' https://dash.example.com/dashboard/ ',
        clientName: 'Umbrella Corp',
        productPath: ' digital-shelf//amazon/overview?tab=content ',
        clientRetailers: ['Kroger'],
      }),
    ).toBe(
      'https://dash.example.com/dashboard/Umbrella%20Corp/digital-shelf/kroger/overview?tab=content',
    );
  });

  it('swaps a one-segment path, whose only segment is the retailer', () => {
    expect(
      productDashboardUrl({
        baseUrl: base,
        clientName: 'Hooli',
        productPath: '/amazon',
        clientRetailers: ['Target'],
      }),
    ).toBe('https://dash.example.com/Hooli/target');
  });

  it('stays under the base URL: dot segments are dropped and characters are encoded', () => {
    const url = productDashboardUrl({
      baseUrl: base,
      clientName: 'Hooli',
      productPath: '/../../evil/amazon/a b',
      clientRetailers: ['Amazon'],
    });
    expect(url).toBe('https://dash.example.com/Hooli/evil/amazon/a%20b');
    expect(new URL(url!).origin).toBe(base);
  });

  it('gives no link without a base URL or a product path', () => {
    const input = { clientName: 'x', clientRetailers: ['Amazon'] };
    expect(productDashboardUrl({ ...input, baseUrl: '', productPath: '/a/amazon/b' })).toBeNull();
    expect(productDashboardUrl({ ...input, baseUrl: base, productPath: ' / ' })).toBeNull();
  });

  it('encodes the client name as one segment, so a slash or question mark in it stays in the name', () => {
    expect(
      productDashboardUrl({
        baseUrl: base,
        clientName: ' a/b & c? ',
        productPath: '/digital-shelf/amazon/overview',
        clientRetailers: ['Amazon'],
      }),
    ).toBe('https://dash.example.com/a%2Fb%20%26%20c%3F/digital-shelf/amazon/overview');
    expect(
      productDashboardUrl({
        baseUrl: base,
        clientName: '  ',
        productPath: '/digital-shelf/amazon/overview',
        clientRetailers: [],
      }),
    ).toBeNull();
  });

  it('turns retailer names into path segments', () => {
    expect(retailerSegment('  Walmart   Grocery ')).toBe('walmart-grocery');
  });
  it('drops every trailing slash of the base URL and keeps both a query and a fragment', () => {
    expect(
      productDashboardUrl({
        baseUrl: 'https://dash.example.com//',
        clientName: 'acme',
        productPath: '/digital-shelf/amazon/overview?tab=content#top',
        clientRetailers: ['Amazon'],
      }),
    ).toBe('https://dash.example.com/acme/digital-shelf/amazon/overview?tab=content#top');
  });

  it('drops single-dot segments and the spaces around a segment', () => {
    expect(
      productDashboardUrl({
        baseUrl: base,
        clientName: 'acme',
        productPath: '/./digital-shelf/ amazon /./overview',
        clientRetailers: ['Amazon'],
      }),
    ).toBe('https://dash.example.com/acme/digital-shelf/amazon/overview');
  });

  it('keeps a segment that is not valid percent-encoding as written, encoded', () => {
    expect(
      productDashboardUrl({
        baseUrl: base,
        clientName: 'acme',
        productPath: '/digital-shelf/amazon/top 100%',
        clientRetailers: ['Amazon'],
      }),
    ).toBe('https://dash.example.com/acme/digital-shelf/amazon/top%20100%25');
  });

  it('swaps in the first client retailer with a name, passing over blank ones', () => {
    expect(swappedRetailer('amazon', ['  ', 'Target'])).toBe('target');
    expect(swappedRetailer('amazon', [' '])).toBeNull();
  });
});
