import { expect, test } from '@playwright/test';
import fs from 'node:fs';

// No page: these run without a browser.
test('passes only on its second try', () => {
  const file = process.env.ATTEMPTS_FILE!;
  const attempts = Number(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '0') + 1;
  fs.writeFileSync(file, String(attempts));
  expect(attempts).toBe(2);
});

test('is skipped with its reason', () => {
  test.skip(true, 'the sandbox has no such fault');
});

test('is skipped with no word why', () => {
  test.skip();
});

test.fixme('is marked fixme with no word why', () => {});
