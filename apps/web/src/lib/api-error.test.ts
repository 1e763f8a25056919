import { describe, expect, it } from '@jest/globals';
import { ApiError, failureMessage } from './api-error';

const apiError = (message: string, serverMessage?: string) =>
  new ApiError({ status: 502, code: 'UPSTREAM_ERROR', message, serverMessage });

describe('a failed call', () => {
  it('names itself an ApiError, with no issues unless the gateway listed some', () => {
    const error = apiError('Request failed');
    expect(String(error)).toBe('ApiError: Request failed');
    expect(error.issues).toEqual([]);
  });

  it('is a network failure only when no answer reached the browser', () => {
    expect(apiError('Request failed').isNetworkError).toBe(false);
    const offline = new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error' });
    expect(offline.isNetworkError).toBe(true);
  });
});

describe('the message of a failed call', () => {
  it("is the server's message when it gave one", () => {
    expect(failureMessage(apiError('Request failed', 'Browse node 4000 is retired'))).toBe(
      'Browse node 4000 is retired',
    );
  });

  it("is the error's own message otherwise", () => {
    expect(failureMessage(apiError('Network error'))).toBe('Network error');
    expect(failureMessage(new Error('boom'))).toBe('boom');
    expect(failureMessage(apiError('Request failed', '  '))).toBe('Request failed');
  });

  it('says Something went wrong when there is no message to show', () => {
    expect(failureMessage(apiError(' ', ''))).toBe('Something went wrong');
    expect(failureMessage(new Error(''))).toBe('Something went wrong');
    expect(failureMessage('not an error')).toBe('Something went wrong');
  });
});
