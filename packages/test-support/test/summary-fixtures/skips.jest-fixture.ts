import { expect, it } from '@jest/globals';

it('passes at once', () => {
  expect(true).toBe(true);
});

it.skip('waits for the upstream to ship bulk calls (skipped: no bulk endpoint upstream yet)', () => {});

it.skip('is switched off with no word why', () => {});

it.todo('will be written one day');
