import { describe, expect, it } from '@jest/globals';
import { ApiError } from '@/lib/api-error';
import { callbackErrorText, SignInCodeUnavailable, signInErrorText } from './sign-in-errors';

const NETWORK = 'Network error. Please check your connection and try again.';
const GENERIC = 'Authentication failed. Please try again.';
const DOMAIN = 'This e-mail domain is not allowed to sign in.';

describe('what the sign-in page says when signing in fails', () => {
  it('says the network failed when the sign-in code did not arrive', () => {
    const error = new SignInCodeUnavailable('chunk failed');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('SignInCodeUnavailable');
    expect(signInErrorText(error)).toBe(NETWORK);
  });

  it('says the network failed when no answer reached the browser, whatever else it carries', () => {
    const offline = new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error' });
    expect(signInErrorText(offline)).toBe(NETWORK);
    const withMessage = new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Network error',
      serverMessage: 'Not shown',
    });
    expect(signInErrorText(withMessage)).toBe(NETWORK);
  });

  it("shows the server's own message when the gateway refused the sign-in", () => {
    const refused = new ApiError({
      status: 403,
      code: 'FORBIDDEN',
      message: 'Only operators may sign in here.',
      serverMessage: 'Only operators may sign in here.',
    });
    expect(signInErrorText(refused)).toBe('Only operators may sign in here.');
  });

  it('says the generic failure for an answer without a message (or a blank one), and for any other error', () => {
    const bare = new ApiError({ status: 500, code: 'HTTP_ERROR', message: 'Request failed' });
    const empty = new ApiError({
      status: 500,
      code: 'HTTP_ERROR',
      message: 'x',
      serverMessage: '',
    });
    const blank = new ApiError({
      status: 500,
      code: 'HTTP_ERROR',
      message: 'x',
      serverMessage: ' \n ',
    });
    expect(signInErrorText(bare)).toBe(GENERIC);
    expect(signInErrorText(empty)).toBe(GENERIC);
    expect(signInErrorText(blank)).toBe(GENERIC);
    expect(signInErrorText(new Error('Failed to fetch'))).toBe(GENERIC);
    expect(signInErrorText('offline')).toBe(GENERIC);
    expect(signInErrorText(undefined)).toBe(GENERIC);
  });
});

describe("the sign-in callback's error in the address", () => {
  it('shows nothing when the address carries no error', () => {
    expect(callbackErrorText(null)).toBeNull();
    expect(callbackErrorText('')).toBeNull();
  });

  it("shows the gateway's own texts as they are", () => {
    expect(callbackErrorText(GENERIC)).toBe(GENERIC);
    expect(callbackErrorText(DOMAIN)).toBe(DOMAIN);
  });

  it.each(['Call us at 555-0100 to unlock your account', `${DOMAIN} `, 'network'])(
    'reads any other text (%j) as the generic failure, never as written',
    (value) => {
      expect(callbackErrorText(value)).toBe(GENERIC);
    },
  );
});
