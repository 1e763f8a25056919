import { afterEach, beforeEach, expect, jest } from '@jest/globals';
import type { FakeGateway } from './fake-gateway';

/**
 * The hooks of a screen test file whose fake service installs a gateway stand-in: per test,
 * console.error is kept quiet (failed calls are logged, spec §8), and afterwards the stand-in
 * is removed and every request it saw must have been one the real gateway accepts (declared,
 * CSRF header, valid by schema). Returns the current test's error log, for the tests that check
 * what was logged.
 */
export function screenTestHooks(gateway: () => FakeGateway) {
  const quietErrors = () => jest.spyOn(console, 'error').mockImplementation(() => {});
  let errorLog: ReturnType<typeof quietErrors> | undefined;
  beforeEach(() => {
    errorLog = quietErrors();
  });
  afterEach(() => {
    gateway().uninstall();
    errorLog?.mockRestore();
    errorLog = undefined;
    expect(gateway().violations).toEqual([]);
  });
  return () => {
    if (!errorLog) throw new Error('The error log exists only while a test runs');
    return errorLog;
  };
}
