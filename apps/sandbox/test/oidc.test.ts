import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as oidc from 'openid-client';
import type { RunningSandbox } from '../src/sandbox.js';
import { startTestSandbox } from './support.js';

const REDIRECT_URI = 'http://127.0.0.1:18080/api/sso/callback';
const POST_LOGOUT_URI = 'http://127.0.0.1:18080/login';

/** A browser's cookie handling, enough for the identity provider's own paths. */
class Browser {
  private cookies = new Map<string, string>();

  async get(url: string) {
    return this.request(url, { method: 'GET' });
  }

  async postForm(url: string, form: Record<string, string>) {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  /** Follows redirects while they stay on `origin`; returns the last answer. */
  async follow(url: string, origin: string, init?: () => Promise<Response>) {
    let res = init ? await init() : await this.get(url);
    let current = url;
    while (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, current).href;
      if (!next.startsWith(origin)) return { res, location: next };
      current = next;
      res = await this.get(next);
    }
    return { res, location: current };
  }

  private async request(url: string, init: RequestInit) {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: this.cookieHeader() },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      const v = value.join('=');
      if (/expires=Thu, 01 Jan 1970/i.test(line) || v === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), v);
    }
    return res;
  }

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

describe('the sandbox identity provider', () => {
  let sandbox: RunningSandbox;
  let config: oidc.Configuration;

  beforeAll(async () => {
    sandbox = await startTestSandbox({
      redirectUris: [REDIRECT_URI],
      postLogoutRedirectUris: [POST_LOGOUT_URI],
      clientSecret: 'a-test-client-secret',
    });
    config = await oidc.discovery(
      new URL(sandbox.issuer),
      'onboarding-console',
      { client_secret: 'a-test-client-secret' },
      oidc.ClientSecretBasic('a-test-client-secret'),
      { execute: [oidc.allowInsecureRequests] },
    );
  });

  afterAll(() => sandbox.close());

  async function startSignIn(loginHint: string) {
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      login_hint: loginHint,
    });
    const browser = new Browser();
    const { res, location } = await browser.follow(url.href, sandbox.url);
    return { browser, res, location, codeVerifier, state, nonce };
  }

  function formAction(html: string) {
    return new URL(/<form[^>]*action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&'), sandbox.url)
      .href;
  }

  it('publishes discovery and keys for the issuer the gateway is configured with', async () => {
    const meta = config.serverMetadata();
    expect(meta.issuer).toBe(sandbox.issuer);
    expect(meta.code_challenge_methods_supported).toContain('S256');
    expect(meta.end_session_endpoint).toBe(`${sandbox.issuer}/session/end`);
    const jwks = (await (await fetch(meta.jwks_uri!)).json()) as { keys: { kty: string }[] };
    expect(jwks.keys[0]?.kty).toBe('RSA');
  });

  it('shows a sign-in page with the hinted e-mail pre-filled, a label and a Continue button', async () => {
    const { res } = await startSignIn('Priya.Sharma@example.com');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<label for="email">');
    expect(html).toMatch(
      /<input id="email" name="email" type="email"[^>]*value="Priya.Sharma@example.com"/,
    );
    expect(html).toMatch(/<button type="submit">Continue<\/button>/);
    expect(html).toContain('<html lang="en">');
  });

  it('signs in with one click and issues an ID token carrying the e-mail (code + PKCE)', async () => {
    const signIn = await startSignIn('mei.chen@example.com');
    const html = await signIn.res.text();
    const { location } = await signIn.browser.follow(formAction(html), sandbox.url, () =>
      signIn.browser.postForm(formAction(html), { email: 'mei.chen@example.com' }),
    );
    expect(location.startsWith(REDIRECT_URI)).toBe(true);
    expect(new URL(location).searchParams.get('code')).toBeTruthy();

    const tokens = await oidc.authorizationCodeGrant(config, new URL(location), {
      pkceCodeVerifier: signIn.codeVerifier,
      expectedState: signIn.state,
      expectedNonce: signIn.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    expect(claims.email).toBe('mei.chen@example.com');
    expect(claims.email_verified).toBe(true);
    expect(claims.sub).toBe('mei.chen@example.com');
  });

  it('signs in as the e-mail typed when the operator edits the pre-filled one', async () => {
    const signIn = await startSignIn('someone@example.com');
    const html = await signIn.res.text();
    const { location } = await signIn.browser.follow(formAction(html), sandbox.url, () =>
      signIn.browser.postForm(formAction(html), { email: 'Lucas.Martin@Example.com ' }),
    );
    const tokens = await oidc.authorizationCodeGrant(config, new URL(location), {
      pkceCodeVerifier: signIn.codeVerifier,
      expectedState: signIn.state,
      expectedNonce: signIn.nonce,
    });
    expect(tokens.claims()!.email).toBe('lucas.martin@example.com');
  });

  it('signs the same operator in again without a page; another hinted operator sees the page', async () => {
    const first = await startSignIn('priya.sharma@example.com');
    const html = await first.res.text();
    await first.browser.follow(formAction(html), sandbox.url, () =>
      first.browser.postForm(formAction(html), { email: 'priya.sharma@example.com' }),
    );
    const authorize = async (hint: string) => {
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: REDIRECT_URI,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
        code_challenge_method: 'S256',
        login_hint: hint,
      });
      return first.browser.follow(url.href, sandbox.url);
    };
    const same = await authorize('priya.sharma@example.com');
    expect(same.location.startsWith(REDIRECT_URI)).toBe(true);
    expect(new URL(same.location).searchParams.get('code')).toBeTruthy();
    const other = await authorize('daniel.okafor@example.com');
    expect(other.res.status).toBe(200);
    expect(await other.res.text()).toContain('value="daniel.okafor@example.com"');
  });

  it('asks again, with an alert, when the e-mail is not valid', async () => {
    const signIn = await startSignIn('x@example.com');
    const html = await signIn.res.text();
    const res = await signIn.browser.postForm(formAction(html), { email: 'not-an-email' });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain('role="alert"');
    expect(page).toContain('aria-invalid="true"');
  });

  it('refuses an authorization request without PKCE', async () => {
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid email',
      state: oidc.randomState(),
    });
    const res = await fetch(url, { redirect: 'manual' });
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(REDIRECT_URI);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses a redirect URI that is not registered', async () => {
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: 'http://evil.example/callback',
      scope: 'openid email',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('redirect_uri');
  });

  it('refuses a token exchange with the wrong client secret', async () => {
    const wrong = await oidc.discovery(
      new URL(sandbox.issuer),
      'onboarding-console',
      { client_secret: 'not-the-secret' },
      oidc.ClientSecretBasic('not-the-secret'),
      { execute: [oidc.allowInsecureRequests] },
    );
    const signIn = await startSignIn('aisha.khan@example.com');
    const html = await signIn.res.text();
    const { location } = await signIn.browser.follow(formAction(html), sandbox.url, () =>
      signIn.browser.postForm(formAction(html), { email: 'aisha.khan@example.com' }),
    );
    const error = await oidc
      .authorizationCodeGrant(wrong, new URL(location), {
        pkceCodeVerifier: signIn.codeVerifier,
        expectedState: signIn.state,
        expectedNonce: signIn.nonce,
      })
      .then(
        () => undefined,
        (e: unknown) => e as { status?: number; cause?: unknown },
      );
    expect(error?.status).toBe(401);
    expect(JSON.stringify(error?.cause)).toContain('invalid_client');
  });

  it('signs out through end-session and returns to the registered post-logout address', async () => {
    const signIn = await startSignIn('sofia.rossi@example.com');
    const html = await signIn.res.text();
    const { location } = await signIn.browser.follow(formAction(html), sandbox.url, () =>
      signIn.browser.postForm(formAction(html), { email: 'sofia.rossi@example.com' }),
    );
    const tokens = await oidc.authorizationCodeGrant(config, new URL(location), {
      pkceCodeVerifier: signIn.codeVerifier,
      expectedState: signIn.state,
      expectedNonce: signIn.nonce,
    });
    const endSession = oidc.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: POST_LOGOUT_URI,
      client_id: 'onboarding-console',
    });
    const confirm = await signIn.browser.get(endSession.href);
    expect(confirm.status).toBe(200);
    const page = await confirm.text();
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)![1]!;
    const action = /<form[^>]*action="([^"]+)"/.exec(page)![1]!;
    const done = await signIn.browser.postForm(new URL(action, sandbox.url).href, {
      xsrf,
      logout: 'yes',
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(POST_LOGOUT_URI);

    // The IdP session is gone: a new sign-in shows the sign-in page again.
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid email',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      login_hint: 'sofia.rossi@example.com',
    });
    const again = await signIn.browser.follow(url.href, sandbox.url);
    expect(again.res.status).toBe(200);
    expect(await again.res.text()).toContain('Continue');
  });
});

describe('the sandbox identity provider with idTokenEmail: false', () => {
  let sandbox: RunningSandbox;
  let config: oidc.Configuration;

  beforeAll(async () => {
    sandbox = await startTestSandbox({
      redirectUris: [REDIRECT_URI],
      postLogoutRedirectUris: [POST_LOGOUT_URI],
      idTokenEmail: false,
    });
    config = await oidc.discovery(
      new URL(sandbox.issuer),
      'onboarding-console',
      { client_secret: 'sandbox-client-secret' },
      oidc.ClientSecretBasic('sandbox-client-secret'),
      { execute: [oidc.allowInsecureRequests] },
    );
  });

  afterAll(() => sandbox.close());

  it('keeps the e-mail out of the ID token and answers it from userinfo', async () => {
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      login_hint: 'lena.fischer@example.com',
    });
    const browser = new Browser();
    const { res } = await browser.follow(url.href, sandbox.url);
    const html = await res.text();
    const action = new URL(
      /<form[^>]*action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&'),
      sandbox.url,
    ).href;
    const { location } = await browser.follow(action, sandbox.url, () =>
      browser.postForm(action, { email: 'lena.fischer@example.com' }),
    );
    const tokens = await oidc.authorizationCodeGrant(config, new URL(location), {
      pkceCodeVerifier: codeVerifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    expect(claims.sub).toBe('lena.fischer@example.com');
    expect(claims.email).toBeUndefined();
    expect(claims.email_verified).toBeUndefined();
    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    expect(info).toMatchObject({ email: 'lena.fischer@example.com', email_verified: true });
  });
});
