import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { MESSAGES } from '@onboarding/contracts';
import { Browser } from '@onboarding/test-support';
import { generateKeyPairSync, sign } from 'node:crypto';
import { startRecordedIdpStack } from './support/recording-idp.js';

type Stack = Awaited<ReturnType<typeof startRecordedIdpStack>>;

const SIGN_IN_ERROR = `/login?error=${encodeURIComponent(MESSAGES.loginFailed)}`;

/**
 * A key of the test's own, published in the identity provider's JWKS by the recording stand-in,
 * so an ID token the test rewrites is validly signed: what refuses it is the claim changed, not
 * its signature.
 */
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const TEST_KID = 'oidc-refusals-test-key';
const TEST_JWK = {
  ...publicKey.export({ format: 'jwk' }),
  kid: TEST_KID,
  alg: 'RS256',
  use: 'sig',
};

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The ID token with `change` applied to its claims, signed again with the test's key. */
function resigned(idToken: string, change: (claims: Record<string, unknown>) => object): string {
  const claims = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  const signingInput = `${b64({ alg: 'RS256', kid: TEST_KID, typ: 'JWT' })}.${b64(change(claims))}`;
  const signature = sign('sha256', Buffer.from(signingInput), privateKey).toString('base64url');
  return `${signingInput}.${signature}`;
}

const isCallback = (url: string) => new URL(url).pathname === '/api/sso/callback';

/**
 * From getAuthUrl through the identity provider's redirects and Continue form to the address it
 * sends the browser back to: the gateway's callback, returned without being visited.
 */
async function callbackAddress(browser: Browser, gateway: string, email: string): Promise<string> {
  const start = await browser.post(`${gateway}/api/sso/getAuthUrl`, { currentUrl: '/', email });
  let next = start.json as string;
  for (let i = 0; i < 20; i++) {
    let res = await browser.get(next);
    if (res.status === 200) {
      const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(res.text);
      if (!form) break;
      const fields: Record<string, string> = {};
      for (const input of form[2]!.matchAll(/<input[^>]*>/gi)) {
        const name = /name="([^"]*)"/i.exec(input[0])?.[1];
        if (name)
          fields[name] = /value="([^"]*)"/i.exec(input[0])?.[1]?.replace(/&amp;/g, '&') ?? '';
      }
      const action = new URL(form[1]!.replace(/&amp;/g, '&'), res.url).href;
      res = await browser.request('POST', action, { form: fields, xhr: false });
      next = action;
    }
    const location = res.headers.get('location');
    if (!location) break;
    next = new URL(location, next).href;
    if (isCallback(next)) return next;
  }
  throw new Error(`the identity provider never sent the browser back (last: ${next})`);
}

/**
 * The sign-in refuses what RFC 9207 and OIDC Core make it check (docs/security.md#sign-in): an
 * authorization response naming another issuer (the mix-up attack), an ID token for another
 * client or another sign-in (aud, nonce), and a code redeemed with another sign-in's PKCE
 * verifier. Each lands on the sign-in error with no session.
 */
describe('the sign-in refuses a mixed-up or forged answer of the identity provider', () => {
  let s: Stack;
  let idToken: ((claims: Record<string, unknown>) => object) | undefined;
  /** The identity provider's token answer without its ID token. */
  let dropIdToken = false;
  let userinfo: ((claims: Record<string, unknown>) => Record<string, unknown>) | undefined;
  beforeAll(async () => {
    s = await startRecordedIdpStack();
    s.proxy.rewrite = (path, json) => {
      if (path.startsWith('/oidc/jwks'))
        return { ...json, keys: [...(json.keys as object[]), TEST_JWK] };
      if (path.startsWith('/oidc/token') && dropIdToken)
        return Object.fromEntries(Object.entries(json).filter(([key]) => key !== 'id_token'));
      if (path.startsWith('/oidc/token') && idToken && typeof json.id_token === 'string')
        return { ...json, id_token: resigned(json.id_token, idToken) };
      if (path.startsWith('/oidc/me') && userinfo) return userinfo(json);
      return json;
    };
  });
  afterEach(() => {
    dropIdToken = false;
    userinfo = undefined;
  });
  afterAll(async () => {
    await s.close();
  });

  /** Lands on the sign-in error with no session; answers the reasons audited for it. */
  async function expectRefused(browser: Browser, callback: string) {
    const answer = await browser.get(callback);
    expect({ status: answer.status, location: answer.headers.get('location') }).toEqual({
      status: 303,
      location: SIGN_IN_ERROR,
    });
    expect((await browser.get(`${s.gw.url}/api/config`)).status).toBe(401);
    const requestId = answer.headers.get('x-request-id');
    return s.gw.logs
      .find((l) => l.audit === true && l.requestId === requestId)
      .map((l) => l.reason);
  }

  it('signs in when the ID token is signed again with its claims unchanged (the rewrite itself passes)', async () => {
    idToken = (claims) => claims;
    const browser = new Browser(s.gw.url);
    const callback = await callbackAddress(browser, s.gw.url, 'resigned@example.com');
    expect((await browser.get(callback)).headers.get('location')).toBe('/');
    expect((await browser.get(`${s.gw.url}/api/config`)).status).toBe(200);
  });

  it('refuses a callback whose iss names another issuer, before any code reaches the token endpoint', async () => {
    idToken = undefined;
    const browser = new Browser(s.gw.url);
    const callback = new URL(await callbackAddress(browser, s.gw.url, 'mixup@example.com'));
    expect(callback.searchParams.get('iss')).toBe(`${s.proxy.url}/oidc`);
    callback.searchParams.set('iss', 'https://attacker.example/oidc');
    const tokenRequests = s.proxy.tokenRequests().length;
    await expectRefused(browser, callback.href);
    expect(s.proxy.tokenRequests()).toHaveLength(tokenRequests);
  });

  it('refuses an ID token whose nonce is not the sign-in’s', async () => {
    idToken = (claims) => ({ ...claims, nonce: 'another-sign-ins-nonce' });
    const browser = new Browser(s.gw.url);
    await expectRefused(browser, await callbackAddress(browser, s.gw.url, 'nonce@example.com'));
  });

  it('refuses an ID token issued to another client (aud)', async () => {
    idToken = (claims) => ({ ...claims, aud: 'another-client' });
    const browser = new Browser(s.gw.url);
    await expectRefused(browser, await callbackAddress(browser, s.gw.url, 'aud@example.com'));
  });

  it('refuses a token answer without an ID token: no identity to sign in', async () => {
    idToken = undefined;
    dropIdToken = true;
    const browser = new Browser(s.gw.url);
    const callback = await callbackAddress(browser, s.gw.url, 'no-id-token@example.com');
    // openid-client refuses it before the strategy sees tokens (the scope asks for openid).
    expect(await expectRefused(browser, callback)).toEqual(['identity provider answer refused']);
  });

  it('refuses an identity whose userinfo answer names another subject than the ID token', async () => {
    // No e-mail in the ID token: the gateway asks userinfo, which answers for someone else.
    idToken = ({ email: _email, email_verified: _verified, ...claims }) => claims;
    userinfo = (claims) => ({ ...claims, sub: 'another-subject' });
    const browser = new Browser(s.gw.url);
    const callback = await callbackAddress(browser, s.gw.url, 'userinfo@example.com');
    expect(await expectRefused(browser, callback)).toEqual(['userinfo failed']);
  });

  it('refuses a code redeemed with another sign-in’s PKCE verifier: the identity provider says no', async () => {
    idToken = undefined;
    const browser = new Browser(s.gw.url);
    // Two sign-ins pending in one browser; the first's code comes back with the second's state.
    const first = new URL(await callbackAddress(browser, s.gw.url, 'pkce@example.com'));
    const second = new URL(await callbackAddress(browser, s.gw.url, 'pkce@example.com'));
    second.searchParams.set('code', first.searchParams.get('code')!);
    const tokenRequests = s.proxy.tokenRequests().length;
    await expectRefused(browser, second.href);
    expect(s.proxy.tokenRequests()).toHaveLength(tokenRequests + 1);
  });
});
