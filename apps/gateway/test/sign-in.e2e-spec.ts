import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MESSAGES } from '@onboarding/contracts';
import { createHmac } from 'node:crypto';
import { Browser, completeAtIdp, freePort, signIn, waitFor } from '@onboarding/test-support';
import { GatewayMetrics } from '../src/metrics/gateway-metrics.js';
import { Scrape } from './support/metrics.js';
import { startRecordedIdpStack } from './support/recording-idp.js';
import { startSandboxStack } from './support/stack.js';

type Stack = Awaited<ReturnType<typeof startSandboxStack>>;
const COOKIE = 'onboarding.sid';

/** The gateway's sign-ins so far, by outcome (its metrics registry, read in-process). */
async function signIns(gw: Stack['gw']): Promise<Record<string, number>> {
  const text = await gw.gateway.app.get(GatewayMetrics).registry.metrics();
  const samples = new Scrape(text).samples.filter(
    (m) => m.name === 'onboarding_gateway_sign_ins_total',
  );
  return Object.fromEntries(samples.map((m) => [m.labels.outcome!, m.value]));
}

describe('sign-in, session and logout against the sandbox identity provider', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startSandboxStack();
  });
  afterAll(async () => {
    await s.close();
  });

  it('signs in, reaches the sandbox through the proxy, and logs out for good', async () => {
    const before = await signIns(s.gw);
    const { browser, landedOn } = await signIn(s.gw.url, 'Jane.Doe@Example.com', {
      currentUrl: `${s.gw.url}/setups?page=2`,
    });
    expect(landedOn).toBe('/setups?page=2');

    const config = await browser.get(`${s.gw.url}/api/config`);
    expect(config.status).toBe(200);
    expect(config.json).toEqual({
      user: { email: 'jane.doe@example.com' },
      dashboardBaseUrl: `${s.sandbox.url}/dashboard`,
    });

    const list = await browser.post(`${s.gw.url}/api/proxy/customer-setup/rem_omni/allSetup`, {
      searchText: '',
      limit: 20,
      offset: 0,
    });
    expect(list.status).toBe(200);
    expect(Array.isArray(list.json)).toBe(true);
    expect((list.json as unknown[]).length).toBeGreaterThan(0);

    const sid = browser.cookie(COOKIE)!.value;
    const logout = await browser.post(`${s.gw.url}/api/sso/logout`, {});
    expect(logout.status).toBe(200);
    expect(typeof logout.json).toBe('string');
    const endSession = new URL(logout.json as string);
    expect(endSession.href.startsWith(`${s.sandbox.url}/oidc/`)).toBe(true);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${s.gw.url}/login`);
    expect(endSession.searchParams.get('id_token_hint')).toBeTruthy();
    expect(browser.cookie(COOKIE)).toBeUndefined();
    expect((await browser.get(`${s.gw.url}/api/config`)).status).toBe(401);

    // The old cookie replayed after logout is worth nothing: the server-side session is gone.
    const replay = new Browser(s.gw.url);
    replay.setCookie('127.0.0.1', COOKIE, sid);
    expect((await replay.get(`${s.gw.url}/api/config`)).status).toBe(401);

    // Both ends are audited under the operator's e-mail, and the sign-in is counted.
    expect(s.gw.logs.find((l) => l.audit === true && l.user === 'jane.doe@example.com')).toEqual([
      expect.objectContaining({ msg: 'audit', operation: 'session.signIn', outcome: 'success' }),
      expect.objectContaining({ msg: 'audit', operation: 'session.logout', outcome: 'success' }),
    ]);
    expect((await signIns(s.gw)).success).toBe((before.success ?? 0) + 1);
  });

  it('answers a logout with no session with the logout address, and audits no one', async () => {
    const logouts = () => s.gw.logs.find((l) => l.operation === 'session.logout').length;
    const before = logouts();
    const res = await new Browser(s.gw.url).post(`${s.gw.url}/api/sso/logout`, {});
    expect(res.status).toBe(200);
    expect(new URL(res.json as string).searchParams.get('id_token_hint')).toBeNull();
    expect(logouts()).toBe(before);
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, Path=/ and gives the browser no token', async () => {
    const { browser, hops } = await signIn(s.gw.url);
    const cookie = browser.cookie(COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite?.toLowerCase()).toBe('lax');
    expect(cookie.path).toBe('/');
    const gatewayCookies = browser.cookies.filter((c) => c.host === '127.0.0.1').map((c) => c.name);
    expect(gatewayCookies).toEqual([COOKIE]);
    const config = await browser.get(`${s.gw.url}/api/config`);
    expect(config.text).not.toMatch(/token|eyJ/);
    for (const hop of hops.filter((h) => h.url.startsWith(s.gw.url)))
      expect(hop.text).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/);
  });

  it('regenerates the session id at sign-in (fixation): a planted pre-login id stays signed out', async () => {
    const browser = new Browser(s.gw.url);
    const start = await browser.post(`${s.gw.url}/api/sso/getAuthUrl`, {
      currentUrl: '/',
      email: 'fix@example.com',
    });
    const before = browser.cookie(COOKIE)!.value;
    await completeAtIdp(browser, start.json as string);
    const after = browser.cookie(COOKIE)!.value;
    expect(after).not.toBe(before);
    expect((await browser.get(`${s.gw.url}/api/config`)).status).toBe(200);
    const attacker = new Browser(s.gw.url);
    attacker.setCookie('127.0.0.1', COOKIE, before);
    expect((await attacker.get(`${s.gw.url}/api/config`)).status).toBe(401);
  });

  it('refuses a session cookie that is tampered with, unsigned or signed with another secret (401)', async () => {
    const { browser } = await signIn(s.gw.url, 'cookie@example.com');
    const good = browser.cookie(COOKIE)!.value;
    const signed = decodeURIComponent(good);
    expect(signed).toMatch(/^s:[^.]+\..+$/);
    const dot = signed.lastIndexOf('.');
    const id = signed.slice(2, dot);
    const signature = signed.slice(dot + 1);
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    const forged = [
      `s:${id}.${flip(signature[0]!)}${signature.slice(1)}`,
      `s:${flip(id[0]!)}${id.slice(1)}.${signature}`,
      `s:${id}.${signature}x`,
      `s:${id}`,
      id,
      `s:${id}.${createHmac('sha256', 'another-secret-of-at-least-32-characters!').update(id).digest('base64').replace(/=+$/, '')}`,
    ];
    for (const value of forged) {
      const attacker = new Browser(s.gw.url);
      attacker.setCookie('127.0.0.1', COOKIE, encodeURIComponent(value));
      const res = await attacker.get(`${s.gw.url}/api/config`);
      expect([value, res.status]).toEqual([value, 401]);
    }
    // The genuine cookie still works, before and after the forgeries.
    expect((await browser.get(`${s.gw.url}/api/config`)).status).toBe(200);
    // A duplicate cookie of the same name placed before it (cookie tossing) decides, as in
    // express-session: the first one counts.
    const tossed = new Browser(s.gw.url);
    const res = await tossed.get(`${s.gw.url}/api/config`, {
      cookie: `${COOKIE}=${encodeURIComponent(forged[0]!)}; ${COOKIE}=${good}`,
    });
    expect(res.status).toBe(401);
  });

  it.each([
    ['another host', 'https://evil.example/phish'],
    ['a protocol-relative address', '//evil.example/x'],
    ['a backslash trick', '/\\evil.example'],
    ['credentials before the host', `http://127.0.0.1@evil.example/`],
    ['a javascript: address', 'javascript:alert(document.cookie)'],
    ['the same host on another port', 'http://127.0.0.1:1/'],
  ])('never redirects to %s after sign-in: lands on /', async (_label, currentUrl) => {
    const { landedOn } = await signIn(s.gw.url, 'redirect@example.com', { currentUrl });
    expect(landedOn).toBe('/');
  });

  it('takes the return target from the stored transaction, never from the callback query', async () => {
    const browser = new Browser(s.gw.url);
    const start = await browser.post(`${s.gw.url}/api/sso/getAuthUrl`, {
      currentUrl: '/prompts',
      email: 'q@example.com',
    });
    const authUrl = new URL(start.json as string);
    authUrl.searchParams.set(
      'redirect_uri',
      `${s.gw.url}/api/sso/callback?currentUrl=https://evil.example`,
    );
    const hops = await browser.navigate(authUrl.href);
    // The IdP refuses a redirect_uri it does not know; the gateway never sees the callback.
    expect(hops.some((h) => h.url.startsWith(`${s.gw.url}/api/sso/callback`))).toBe(false);
    const good = await completeAtIdp(browser, start.json as string);
    const callback = good.find((h) => h.url.startsWith(`${s.gw.url}/api/sso/callback`))!;
    expect(callback.headers.get('location')).toBe('/prompts');
  });

  it('sends PKCE S256, state, nonce and login_hint, fresh for every sign-in', async () => {
    const browser = new Browser(s.gw.url);
    const a = new URL(
      (
        await browser.post(`${s.gw.url}/api/sso/getAuthUrl`, {
          currentUrl: '/',
          email: 'p@example.com',
        })
      ).json as string,
    );
    const b = new URL(
      (
        await browser.post(`${s.gw.url}/api/sso/getAuthUrl`, {
          currentUrl: '/',
          email: 'p@example.com',
        })
      ).json as string,
    );
    expect(a.searchParams.get('code_challenge_method')).toBe('S256');
    expect(a.searchParams.get('login_hint')).toBe('p@example.com');
    expect(a.searchParams.get('redirect_uri')).toBe(`${s.gw.url}/api/sso/callback`);
    for (const p of ['state', 'nonce', 'code_challenge']) {
      expect(a.searchParams.get(p)).toBeTruthy();
      expect(a.searchParams.get(p)).not.toBe(b.searchParams.get(p));
    }
  });

  it('uses a sign-in transaction once: replaying the callback fails and keeps the browser signed out', async () => {
    const browser = new Browser(s.gw.url);
    const start = await browser.post(`${s.gw.url}/api/sso/getAuthUrl`, {
      currentUrl: '/',
      email: 'once@example.com',
    });
    const hops = await completeAtIdp(browser, start.json as string);
    const callbackUrl = hops.find((h) => h.url.startsWith(`${s.gw.url}/api/sso/callback`))!.url;
    // Another browser presenting the same code and state (stolen from a log or history).
    const thief = new Browser(s.gw.url);
    const stolen = await thief.get(callbackUrl);
    expect(stolen.status).toBe(303);
    expect(stolen.headers.get('location')).toBe(
      `/login?error=${encodeURIComponent(MESSAGES.loginFailed)}`,
    );
    expect((await thief.get(`${s.gw.url}/api/config`)).status).toBe(401);
    // And the same browser replaying it gets nothing more either.
    const replay = await browser.get(callbackUrl);
    expect(replay.headers.get('location')).toMatch(/^\/login\?error=/);
    // Both refusals are audited, with no one to name.
    const audited = (requestId: unknown) =>
      s.gw.logs.find((l) => l.audit === true && l.requestId === requestId);
    for (const answer of [stolen, replay])
      expect(audited(answer.headers.get('x-request-id'))).toEqual([
        expect.objectContaining({ operation: 'session.signIn', outcome: 'failure', user: '' }),
      ]);
  });

  it('lands on /login?error= with a generic message on an IdP error, never a 500', async () => {
    const before = await signIns(s.gw);
    const browser = new Browser(s.gw.url);
    const start = await browser.post(`${s.gw.url}/api/sso/getAuthUrl`, {
      currentUrl: '/',
      email: 'e@example.com',
    });
    const state = new URL(start.json as string).searchParams.get('state')!;
    const res = await browser.get(
      `${s.gw.url}/api/sso/callback?error=access_denied&error_description=${encodeURIComponent('<script>x</script>')}&state=${state}`,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(
      `/login?error=${encodeURIComponent(MESSAGES.loginFailed)}`,
    );
    // A forged code, with a sign-in of its own (the first callback used up the one above).
    const again = await browser.post(`${s.gw.url}/api/sso/getAuthUrl`, {
      currentUrl: '/',
      email: 'e@example.com',
    });
    const fresh = new URL(again.json as string).searchParams.get('state')!;
    const garbage = await browser.get(`${s.gw.url}/api/sso/callback?code=forged&state=${fresh}`);
    expect(garbage.status).toBe(303);
    expect(garbage.headers.get('location')).toMatch(/^\/login\?error=/);
    const empty = await new Browser(s.gw.url).get(`${s.gw.url}/api/sso/callback`);
    expect(empty.status).toBe(303);
    // Counted as failed, audited with the reason: none of them as a refused domain.
    const after = await signIns(s.gw);
    expect(after.failed! - (before.failed ?? 0)).toBe(3);
    expect(after.denied_domain ?? 0).toBe(before.denied_domain ?? 0);
    const reasonOf = (answer: { headers: Headers }) =>
      s.gw.logs
        .find((l) => l.audit === true && l.requestId === answer.headers.get('x-request-id'))
        .map((l) => [l.msg, l.outcome, l.reason]);
    expect([reasonOf(res), reasonOf(garbage), reasonOf(empty)]).toEqual([
      [['audit', 'failure', 'identity provider answer refused']],
      [['audit', 'failure', 'identity provider answer refused']],
      [['audit', 'failure', 'unknown transaction']],
    ]);
  });

  it('audits the identity provider’s own refusal, named with its issuer, as an identity provider error', async () => {
    const browser = new Browser(s.gw.url);
    const start = await browser.post(`${s.gw.url}/api/sso/getAuthUrl`, {
      currentUrl: '/',
      email: 'denied@example.com',
    });
    const state = new URL(start.json as string).searchParams.get('state')!;
    // As an IdP answers a refusal under RFC 9207: its error, the sign-in's state and its issuer.
    const answer = new URLSearchParams({
      error: 'access_denied',
      state,
      iss: `${s.sandbox.url}/oidc`,
    });
    const res = await browser.get(`${s.gw.url}/api/sso/callback?${answer.toString()}`);
    expect(res.headers.get('location')).toBe(
      `/login?error=${encodeURIComponent(MESSAGES.loginFailed)}`,
    );
    const requestId = res.headers.get('x-request-id');
    expect(
      s.gw.logs.find((l) => l.audit === true && l.requestId === requestId).map((l) => l.reason),
    ).toEqual(['identity provider error']);
  });
});

describe('sign-in transactions, with a recorder in front of the identity provider', () => {
  let s: Awaited<ReturnType<typeof startRecordedIdpStack>>;
  beforeAll(async () => {
    s = await startRecordedIdpStack();
  });
  afterAll(async () => {
    await s.close();
  });
  const start = (browser: Browser, currentUrl = '/') =>
    browser.post(`${s.gw.url}/api/sso/getAuthUrl`, { currentUrl, email: 'tx@example.com' });
  const failed = `/login?error=${encodeURIComponent(MESSAGES.loginFailed)}`;

  it('refuses a state named after a built-in object property as unknown: no token request reaches the IdP', async () => {
    const browser = new Browser(s.gw.url);
    const pending = await start(browser, '/prompts');
    const tokenRequests = s.proxy.tokenRequests().length;
    // Every name Object.prototype has, `__proto__` and `constructor` among them.
    const builtIns = Object.getOwnPropertyNames(Object.prototype);
    // A well-formed answer otherwise (with the issuer, as RFC 9207 asks), so only the state can
    // stop it before the token endpoint.
    const iss = encodeURIComponent(`${s.proxy.url}/oidc`);
    for (const state of builtIns) {
      const res = await browser.get(
        `${s.gw.url}/api/sso/callback?code=forged&state=${state}&iss=${iss}`,
      );
      expect([state, res.status, res.headers.get('location')]).toEqual([state, 303, failed]);
    }
    expect(s.proxy.tokenRequests()).toHaveLength(tokenRequests);
    expect(
      s.gw.logs.find((l) => l.msg === 'sign-in refused' && l.reason === 'unknown transaction'),
    ).toHaveLength(builtIns.length);
    // The genuine transaction is untouched, and its callback is the one token request.
    const hops = await completeAtIdp(browser, pending.json as string);
    expect(hops.at(-1)!.headers.get('location')).toBe('/prompts');
    const exchanged = s.proxy.tokenRequests().slice(tokenRequests);
    expect(exchanged).toHaveLength(1);
    // Its redirect_uri is the configured callback, as in the authorization request.
    expect(new URLSearchParams(exchanged[0]!.body).get('redirect_uri')).toBe(
      `${s.gw.url}/api/sso/callback`,
    );
  });

  it('keeps up to three sign-ins pending in one session (tabs): the oldest of four is dropped', async () => {
    const browser = new Browser(s.gw.url);
    const tabs: string[] = [];
    for (const path of ['/a', '/b', '/c', '/d'])
      tabs.push((await start(browser, path)).json as string);
    const tokenRequests = s.proxy.tokenRequests().length;
    const oldest = await completeAtIdp(browser, tabs[0]!);
    expect(oldest.at(-1)!.headers.get('location')).toBe(failed);
    expect(s.proxy.tokenRequests()).toHaveLength(tokenRequests);
    const second = await completeAtIdp(browser, tabs[1]!);
    expect(second.at(-1)!.headers.get('location')).toBe('/b');
    expect((await browser.get(`${s.gw.url}/api/config`)).status).toBe(200);
  });
});

describe('allowed e-mail domains', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startSandboxStack({ ALLOWED_EMAIL_DOMAINS: 'corp.example' });
  });
  afterAll(async () => {
    await s.close();
  });

  it('signs in an operator of an allowed domain', async () => {
    const { browser, landedOn } = await signIn(s.gw.url, 'ok@corp.example');
    expect(landedOn).toBe('/');
    expect((await browser.get(`${s.gw.url}/api/config`)).status).toBe(200);
  });

  it('refuses another domain at the callback, from the verified identity: no session', async () => {
    const { browser, landedOn } = await signIn(s.gw.url, 'intruder@evil.example');
    expect(landedOn).toMatch(/^\/login\?error=/);
    expect(decodeURIComponent(landedOn)).toContain('domain');
    expect((await browser.get(`${s.gw.url}/api/config`)).status).toBe(401);
    expect(s.gw.logs.find((l) => l.audit === true && l.outcome === 'failure')).toEqual([
      expect.objectContaining({
        msg: 'audit',
        operation: 'session.signIn',
        user: 'intruder@evil.example',
        reason: 'e-mail domain not allowed',
      }),
    ]);
    expect(await signIns(s.gw)).toMatchObject({ denied_domain: 1 });
    expect((await signIns(s.gw)).failed ?? 0).toBe(0);
  });
});

describe('an identity provider that keeps the e-mail out of the ID token (userinfo only)', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startSandboxStack({ ALLOWED_EMAIL_DOMAINS: 'corp.example' }, { idTokenEmail: false });
  });
  afterAll(async () => {
    await s.close();
  });

  it('signs in with the e-mail from userinfo, normalised, and keeps the domain rule', async () => {
    const { browser, landedOn } = await signIn(s.gw.url, 'Lena.Fischer@Corp.example', {
      currentUrl: '/prompts',
    });
    expect(landedOn).toBe('/prompts');
    const config = await browser.get(`${s.gw.url}/api/config`);
    expect(config.status).toBe(200);
    expect(config.json).toMatchObject({ user: { email: 'lena.fischer@corp.example' } });
    // The proxied calls carry it as the operator's identity too.
    const list = await browser.post(`${s.gw.url}/api/proxy/customer-setup/rem_omni/allSetup`, {
      searchText: '',
      limit: 20,
      offset: 0,
    });
    expect(list.status).toBe(200);

    const outsider = await signIn(s.gw.url, 'someone@evil.example');
    expect(outsider.landedOn).toMatch(/^\/login\?error=/);
    expect(decodeURIComponent(outsider.landedOn)).toContain('domain');
    expect((await outsider.browser.get(`${s.gw.url}/api/config`)).status).toBe(401);
  });
});

describe('an identity provider that starts after the gateway', () => {
  it('discovers it lazily: sign-in fails cleanly first, then works once the IdP is up', async () => {
    const { startGateway } = await import('./support/gateway.js');
    const { startSandbox } = await import('./support/sandbox.js');
    const idpPort = await freePort();
    const gwPort = await freePort();
    const gw = await startGateway(
      { OIDC_ISSUER: `http://localhost:${idpPort}/oidc` },
      { port: gwPort },
    );
    try {
      const browser = new Browser(gw.url);
      const early = await browser.post(`${gw.url}/api/sso/getAuthUrl`, {
        currentUrl: '/',
        email: 'late@example.com',
      });
      expect(early.status).toBe(503);
      expect((early.json as { error: unknown }).error).toMatchObject({
        code: 'UPSTREAM_UNAVAILABLE',
        message: 'The sign-in service is unavailable right now.',
        upstream: { service: 'identity-provider', status: 0 },
      });
      // A callback meanwhile is refused as a failed sign-in, its cause named in the audit.
      const callback = await browser.get(`${gw.url}/api/sso/callback?code=c&state=s`);
      expect(callback.headers.get('location')).toBe(
        `/login?error=${encodeURIComponent(MESSAGES.loginFailed)}`,
      );
      expect(
        gw.logs
          .find((l) => l.audit === true && l.requestId === callback.headers.get('x-request-id'))
          .map((l) => l.reason),
      ).toEqual(['identity provider unavailable']);
      const sandbox = await startSandbox([gw.url], { port: idpPort });
      try {
        // Discovery is retried by itself: getAuthUrl works again without a restart.
        await waitFor(
          async () =>
            (
              await browser.post(`${gw.url}/api/sso/getAuthUrl`, {
                currentUrl: '/',
                email: 'late@example.com',
              })
            ).status === 200,
          { what: 'the identity provider discovered' },
        );
        const { landedOn } = await signIn(gw.url, 'late@example.com');
        expect(landedOn).toBe('/');
      } finally {
        await sandbox.close();
      }
    } finally {
      await gw.close();
    }
  });
});

describe('allowed e-mail domains and an identity provider that does not say the e-mail is verified', () => {
  let s: Awaited<ReturnType<typeof startRecordedIdpStack>>;
  beforeAll(async () => {
    s = await startRecordedIdpStack(
      { ALLOWED_EMAIL_DOMAINS: 'corp.example' },
      { idTokenEmail: false },
    );
  });
  afterAll(async () => {
    await s.close();
  });

  it('refuses an e-mail of an allowed domain unless email_verified is true', async () => {
    for (const verified of [undefined, 'true', false]) {
      // The e-mail comes from userinfo here, whose answer the stand-in rewrites.
      s.proxy.rewrite = (path, json) =>
        path.startsWith('/oidc/me') ? { ...json, email_verified: verified } : json;
      const { browser, landedOn } = await signIn(s.gw.url, 'ok@corp.example');
      expect([verified, landedOn]).toEqual([
        verified,
        `/login?error=${encodeURIComponent(MESSAGES.loginFailed)}`,
      ]);
      expect((await browser.get(`${s.gw.url}/api/config`)).status).toBe(401);
    }
    const refusals = s.gw.logs.find(
      (l) =>
        l.msg === 'sign-in refused' && l.reason === 'e-mail not verified by the identity provider',
    );
    expect(refusals).toHaveLength(3);
    // Each refusal is audited, naming the e-mail the identity provider gave.
    const audited = s.gw.logs.find((l) => l.audit === true && l.outcome === 'failure');
    expect(audited).toHaveLength(3);
    for (const line of audited)
      expect(line).toMatchObject({
        operation: 'session.signIn',
        user: 'ok@corp.example',
        reason: 'e-mail not verified by the identity provider',
      });
    s.proxy.rewrite = undefined;
    const { browser, landedOn } = await signIn(s.gw.url, 'ok@corp.example');
    expect(landedOn).toBe('/');
    expect((await browser.get(`${s.gw.url}/api/config`)).status).toBe(200);
  });
});
