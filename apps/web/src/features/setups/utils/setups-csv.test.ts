import { describe, expect, it } from '@jest/globals';
import { fixtures } from '@onboarding/contracts/testing';
import { csvCell, csvFileName, CSV_HEADER, csvLine, setupsCsvLines } from './setups-csv';

describe('setups CSV', () => {
  it('writes one line per setup and retailer, numbered per setup, columns as the list shows, then the setup id and dates', () => {
    const rows = [
      fixtures.setupRow({
        setupId: 9,
        clientName: 'acme',
        retailerId: 4,
        ismarketshareEnabled: false,
        isNewClient: true,
        status: 'FAILED',
        stepName: 'sov_wf',
      }),
      fixtures.setupRow({
        setupId: 9,
        clientName: 'acme',
        retailerId: 7,
        retailerName: 'Walmart',
        ismarketshareEnabled: true,
        isNewClient: true,
        status: 'COMPLETED',
        stepName: null,
      }),
      fixtures.setupRow({
        setupId: 8,
        clientName: 'Bolt, Inc',
        retailerId: 3,
        retailerName: undefined,
        isNewClient: false,
        status: 'NOT_STARTED',
        stepName: 'crawling',
      }),
    ];
    const names = new Map([
      [3, 'Target'],
      [7, 'Not used: the row names its retailer'],
    ]);
    // Setup 9 as the fleet read it; setup 8 not read yet.
    const dates = new Map([
      [9, { startedAt: '2026-11-01T10:00:00.000Z', lastChangeAt: '2026-11-02T08:30:05.000Z' }],
    ]);
    expect(csvLine(CSV_HEADER) + setupsCsvLines(rows, 21, names, dates)).toBe(
      'Sr No.,Client/Prospect Name,Retailer,is New Client,Status,Step,Setup Id,Started,Last change\r\n' +
        '21,acme,Amazon (CL),true,FAILED,Share of Voice WF,9,2026-11-01T10:00:00.000Z,2026-11-02T08:30:05.000Z\r\n' +
        '21,acme,Walmart (ML),true,COMPLETED,,9,2026-11-01T10:00:00.000Z,2026-11-02T08:30:05.000Z\r\n' +
        '22,"Bolt, Inc",Target (CL),false,NOT_STARTED,Crawling,8,,\r\n',
    );
  });

  it('quotes quotes and line breaks, and defuses spreadsheet formulas', () => {
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@sum')).toBe("'@sum");
    expect(csvCell(12)).toBe('12');
  });

  it('names the file after the UTC date, and the product when there is one', () => {
    const now = new Date('2026-11-23T23:30:00Z');
    expect(csvFileName(now)).toBe('setups-2026-11-23.csv');
    expect(csvFileName(now, 'Shelf Insights / EU')).toBe('shelf-insights-eu-setups-2026-11-23.csv');
  });

  it('names the file without a dash at either end of the product part', () => {
    const now = new Date('2026-11-23T23:30:00Z');
    expect(csvFileName(now, '(Shelf Insights!)')).toBe('shelf-insights-setups-2026-11-23.csv');
  });

  it('names the file by the date alone when the product name has no Latin letter or digit', () => {
    const now = new Date('2026-11-23T23:30:00Z');
    expect(csvFileName(now, 'Полка')).toBe('setups-2026-11-23.csv');
    expect(csvFileName(now, '***')).toBe('setups-2026-11-23.csv');
  });
});
