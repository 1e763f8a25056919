import { describe, expect, it } from '@jest/globals';
import { SignInError, verifiedEmail } from './identity.js';

const refusal = (identity: { email?: unknown; email_verified?: unknown }, domains: string[]) => {
  try {
    verifiedEmail(identity, domains);
  } catch (err) {
    return err instanceof SignInError ? `${err.reason}: ${err.message}` : String(err);
  }
  return undefined;
};

describe('the e-mail of a verified identity', () => {
  it('is trimmed and lowercased', () => {
    expect(verifiedEmail({ email: '  Jane.Doe@Example.COM ', email_verified: true }, [])).toBe(
      'jane.doe@example.com',
    );
  });

  it.each([undefined, '', 'not-an-email', 42, `${'a'.repeat(250)}@x.io`])(
    'must be a valid address: %j is refused',
    (email) => {
      expect(refusal({ email, email_verified: true }, [])).toBe(
        'failed: no valid e-mail in the identity',
      );
    },
  );

  it('without an allow-list, is refused only when the IdP says it is not verified', () => {
    expect(verifiedEmail({ email: 'a@b.example' }, [])).toBe('a@b.example');
    expect(refusal({ email: 'a@b.example', email_verified: false }, [])).toBe(
      'failed: e-mail not verified by the identity provider',
    );
  });

  it.each([undefined, 'true', 1, false])(
    'with an allow-list, needs email_verified === true (%j is refused)',
    (verified) => {
      expect(refusal({ email: 'a@corp.example', email_verified: verified }, ['corp.example'])).toBe(
        'failed: e-mail not verified by the identity provider',
      );
    },
  );

  it('with an allow-list, is of an allowed domain (exactly, not a subdomain)', () => {
    const domains = ['corp.example'];
    expect(verifiedEmail({ email: 'A@Corp.Example', email_verified: true }, domains)).toBe(
      'a@corp.example',
    );
    for (const email of ['a@evil.example', 'a@sub.corp.example', 'a@corp.example.evil'])
      expect(refusal({ email, email_verified: true }, domains)).toBe(
        'domain: e-mail domain not allowed',
      );
  });
});
