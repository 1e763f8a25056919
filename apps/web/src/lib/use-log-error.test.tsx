import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, renderHook } from '@testing-library/react';
import { ApiError } from './api-error';
import { useLogError } from './use-log-error';

let errorLog: jest.SpiedFunction<typeof console.error>;
beforeEach(() => {
  errorLog = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  errorLog.mockRestore();
});

function logged(error: unknown, what = 'Prompt clients could not be loaded') {
  return renderHook(
    (props: { error: unknown; what: string }) => useLogError(props.error, props.what),
    {
      initialProps: { error, what },
    },
  );
}

const failure = new Error('Oops..Something went wrong!');

describe("a screen's failed call, logged", () => {
  it('logs the failure once, saying what failed', () => {
    const prompts = logged(failure);
    prompts.rerender({ error: failure, what: 'Prompt clients could not be loaded' });
    expect(errorLog.mock.calls).toEqual([['Prompt clients could not be loaded:', failure]]);
  });

  it('logs a failure that comes later, and each new one', () => {
    const prompts = logged(null);
    expect(errorLog).not.toHaveBeenCalled();
    prompts.rerender({ error: failure, what: 'Prompt clients could not be loaded' });
    const again = new Error('Still down');
    prompts.rerender({ error: again, what: 'Prompt clients could not be loaded' });
    expect(errorLog.mock.calls).toEqual([
      ['Prompt clients could not be loaded:', failure],
      ['Prompt clients could not be loaded:', again],
    ]);
  });

  it('logs nothing without a failure', () => {
    logged(null);
    logged(undefined);
    expect(errorLog).not.toHaveBeenCalled();
  });

  it('logs nothing for a session end, which the sign-in page tells', () => {
    logged(new ApiError({ status: 401, code: 'UNAUTHENTICATED', message: 'Sign in' }));
    expect(errorLog).not.toHaveBeenCalled();
  });
});
