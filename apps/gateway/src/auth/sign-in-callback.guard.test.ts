import { describe, expect, it } from '@jest/globals';
import { oidcClientPerFile, withProviderDown } from '../../test/support/discovery-server.js';
import { SignInError } from './identity.js';
import { SignInCallbackGuard } from './sign-in-callback.guard.js';

const { oidc } = oidcClientPerFile();

/** What the guard throws for passport's answer (err, user, info), as the sign-in filter sees it. */
function refusal(err: unknown, info?: { message?: string; error?: string }) {
  const guard = new SignInCallbackGuard(oidc());
  try {
    guard.handleRequest(err, false, info);
  } catch (thrown) {
    expect(thrown).toBeInstanceOf(SignInError);
    const { reason, message, cause } = thrown as SignInError;
    return { reason, message, cause };
  }
  throw new Error('the guard let a refused callback through');
}

describe('the sign-in callback guard', () => {
  it('hands on the operator passport verified', () => {
    const who = { email: 'op@example.com', returnTo: '/prompts' };
    expect(new SignInCallbackGuard(oidc()).handleRequest(null, who)).toBe(who);
  });

  it('throws a refusal of the console’s own as it is (a refused domain keeps its reason)', () => {
    const domain = new SignInError('domain', 'e-mail domain not allowed', {
      email: 'x@other.example',
    });
    expect(() => new SignInCallbackGuard(oidc()).handleRequest(domain, false)).toThrow(domain);
  });

  it('names each other refusal for the audit line, the failure kept as its cause', () => {
    const jwt = new Error('unexpected JWT "aud" (audience) claim value');
    expect(refusal(jwt)).toEqual({
      reason: 'failed',
      message: 'identity provider answer refused',
      cause: jwt,
    });
    expect(refusal(null, { error: 'access_denied', message: 'The user said no' })).toMatchObject({
      message: 'identity provider error',
    });
    expect(refusal(null, { message: 'Unable to verify authorization request state' })).toEqual({
      reason: 'failed',
      message: 'Unable to verify authorization request state',
      cause: null,
    });
    expect(refusal(null, {}).message).toBe('refused');
    expect(refusal(null).message).toBe('refused');
  });

  it('asks passport for the callback step once the identity provider is discovered', async () => {
    await expect(new SignInCallbackGuard(oidc()).getAuthenticateOptions()).resolves.toEqual({
      step: 'callback',
    });
  });

  it('refuses the callback as a failed sign-in while the identity provider is down', async () => {
    await withProviderDown(async (unreachable) => {
      const err = await new SignInCallbackGuard(unreachable).getAuthenticateOptions().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(SignInError);
      expect(err).toMatchObject({
        reason: 'failed',
        message: 'identity provider unavailable',
        cause: expect.objectContaining({ code: 'UPSTREAM_UNAVAILABLE' }),
      });
    });
  });
});
