import { describe, expect, it } from '@jest/globals';
import { fixtures } from '@onboarding/contracts/testing';
import { csvCell, setupsCsvLines } from './setups-csv';

/**
 * docs/requirements.md#setups-list-export: a cell starting with `=`, `+`, `-`, `@`, tab or CR gets
 * a leading `'`, so no spreadsheet runs it as a formula; RFC 4180 quotes a cell with a CR.
 */
describe('the CSV export guards every formula character the spec names', () => {
  it.each([
    ['=', '=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+', '+1+1', "'+1+1"],
    ['-', '-2+3', "'-2+3"],
    ['@', '@SUM(A1)', "'@SUM(A1)"],
    ['TAB', '\t=1', "'\t=1"],
    ['CR', '\r=1', `"'\r=1"`],
  ])('a client name starting with %s is written with a leading apostrophe', (_c, name, cell) => {
    const row = fixtures.setupRow({ setupId: 5, clientName: name, retailerId: 1 });
    const [line] = setupsCsvLines([row], 1, new Map([[1, 'Amazon']])).split('\r\n');
    expect(line?.startsWith(`1,${cell},`)).toBe(true);
    expect(csvCell(name)).toBe(cell);
  });

  it('leaves a name with those characters inside it, not at its start, as written', () => {
    expect(csvCell('a=b+c-d@e')).toBe('a=b+c-d@e');
  });

  it('quotes a cell with a lone CR, so the line does not break in a spreadsheet', () => {
    expect(csvCell('acme\rinc')).toBe('"acme\rinc"');
  });
});
