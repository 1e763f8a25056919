import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { startGateway, type TestGateway } from './support/gateway.js';
import { Browser, freePort, signIn } from '@onboarding/test-support';
import { startSandbox, type RunningSandbox } from './support/sandbox.js';
import { fakeTheClockOnly } from './support/clock.js';
import type { FailFastSessionStore } from '../src/auth/session/session-store.js';
import { SESSION_STORE } from '../src/tokens.js';

describe('sessions', () => {
  let sandbox: RunningSandbox;
  const ports: number[] = [];
  const origin = (i: number) => `http://127.0.0.1:${ports[i]}`;
  const gatewayEnv = () => ({
    OIDC_ISSUER: `${sandbox.url}/oidc`,
    CUSTOMER_SETUP_API_URL: `${sandbox.url}/customer-setup`,
    LLM_API_URL: `${sandbox.url}/llm`,
  });

  beforeAll(async () => {
    for (let i = 0; i < 5; i++) ports.push(await freePort());
    sandbox = await startSandbox(ports.map((_, i) => origin(i)));
  });
  afterAll(async () => {
    await sandbox.close();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('ends after the idle timeout, and stays alive while used', async () => {
    // 3 s idle timeout (cookie expiry has a one-second resolution).
    const idleMs = 3_000;
    const gw = await startGateway(
      { ...gatewayEnv(), SESSION_IDLE_TIMEOUT_MIN: '0.05' },
      { port: ports[0] },
    );
    try {
      const { browser } = await signIn(gw.url, 'idle@example.com');
      fakeTheClockOnly();
      // Used once a second for five seconds, longer than the idle timeout.
      for (let i = 0; i < 5; i++) {
        jest.setSystemTime(Date.now() + 1000);
        expect((await browser.get(`${gw.url}/api/config`)).status).toBe(200);
      }
      const sid = browser.cookie('onboarding.sid')!.value;
      // Asking the store (not the gateway, which would count as use) once the timeout has passed.
      const id = decodeURIComponent(sid).replace(/^s:/, '').split('.')[0]!;
      jest.setSystemTime(Date.now() + idleMs + 1000);
      const kept = await new Promise<unknown>((resolve, reject) =>
        gw.gateway.store.get(id, (err: unknown, data) =>
          err ? reject(new Error('session store', { cause: err })) : resolve(data),
        ),
      );
      expect(kept).toBeFalsy();
      // Replaying the cookie (as if the browser kept it) does not help: the store forgot it.
      browser.setCookie('127.0.0.1', 'onboarding.sid', sid);
      expect((await browser.get(`${gw.url}/api/config`)).status).toBe(401);
    } finally {
      await gw.close();
    }
  });

  it('ends after the absolute timeout even while in use', async () => {
    const gw = await startGateway(
      { ...gatewayEnv(), SESSION_IDLE_TIMEOUT_MIN: '1', SESSION_ABSOLUTE_TIMEOUT_MIN: '0.03' },
      { port: ports[1] },
    );
    try {
      const { browser } = await signIn(gw.url, 'absolute@example.com');
      fakeTheClockOnly();
      const started = Date.now();
      // Used every 300 ms, far inside the idle minute: only the absolute limit can end it.
      let status = (await browser.get(`${gw.url}/api/config`)).status;
      while (status !== 401 && Date.now() - started < 10_000) {
        jest.setSystemTime(Date.now() + 300);
        status = (await browser.get(`${gw.url}/api/config`)).status;
      }
      expect(status).toBe(401);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    } finally {
      await gw.close();
    }
  });

  it('survives a gateway restart (SQLite store in the data dir)', async () => {
    const first = await startGateway(gatewayEnv(), { port: ports[2] });
    const { browser } = await signIn(first.url, 'restart@example.com');
    expect((await browser.get(`${first.url}/api/config`)).status).toBe(200);
    await first.close();
    const second = await startGateway(
      { ...gatewayEnv(), DATA_DIR: first.dataDir },
      { port: ports[2] },
    );
    try {
      const config = await browser.get(`${second.url}/api/config`);
      expect(config.status).toBe(200);
      expect(config.json).toMatchObject({ user: { email: 'restart@example.com' } });
    } finally {
      await second.close();
    }
  });

  it('answers 503 when the session store fails, logging its cause, and recovers with it', async () => {
    const gw = await startGateway(gatewayEnv(), { port: ports[2] });
    try {
      const { browser } = await signIn(gw.url, 'store@example.com');
      // Fault injection: a real SQLite file does not fail on demand.
      const store = gw.gateway.app.get<FailFastSessionStore>(SESSION_STORE) as unknown as {
        inner: { get: (sid: string, cb: (err: unknown) => void) => void };
      };
      const get = store.inner.get;
      store.inner.get = (_sid, cb) => cb(new Error('disk I/O error'));
      const down = await browser.get(`${gw.url}/api/config`);
      store.inner.get = get;
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBe('5');
      expect((down.json as { error: { code: string } }).error.code).toBe(
        'SESSION_STORE_UNAVAILABLE',
      );
      const requestId = down.headers.get('x-request-id');
      expect(
        gw.logs.find((l) => l.msg === 'session store unavailable' && l.requestId === requestId),
      ).toEqual([expect.objectContaining({ level: 'warn', cause: 'session store failed' })]);
      expect((await browser.get(`${gw.url}/api/config`)).status).toBe(200);
    } finally {
      await gw.close();
    }
  });

  describe('rate limits', () => {
    let gw: TestGateway;
    beforeAll(async () => {
      gw = await startGateway(
        { ...gatewayEnv(), RATE_LIMIT_SIGN_IN_PER_MIN: '6', RATE_LIMIT_API_PER_MIN: '5' },
        { port: ports[3] },
      );
    });
    afterAll(async () => {
      await gw.close();
    });

    it('limits the API per operator with 429 and Retry-After, not touching other operators', async () => {
      const a = await signIn(gw.url, 'busy@example.com');
      const b = await signIn(gw.url, 'calm@example.com');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await a.browser.get(`${gw.url}/api/config`)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const limited = await a.browser.get(`${gw.url}/api/config`);
      expect(limited.status).toBe(429);
      expect((limited.json as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await b.browser.get(`${gw.url}/api/config`)).status).toBe(200);
    });

    it('counts no refused request against the sign-in limit: 40 cross-site starts and 40 forged callbacks, then a real sign-in starts', async () => {
      const fresh = await startGateway(
        { ...gatewayEnv(), RATE_LIMIT_SIGN_IN_PER_MIN: '6' },
        { port: ports[4] },
      );
      try {
        for (let i = 0; i < 40; i++) {
          const start = await fetch(`${fresh.url}/api/sso/getAuthUrl`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              origin: 'https://intranet.example.net',
              'x-requested-with': 'XMLHttpRequest',
            },
            body: JSON.stringify({ currentUrl: '/', email: 'x@example.com' }),
          });
          expect(start.status).toBe(403);
          // What an image tag on any page sends: no sign-in transaction in this browser.
          const callback = await fetch(`${fresh.url}/api/sso/callback?code=c${i}&state=s${i}`, {
            redirect: 'manual',
          });
          expect(callback.status).toBe(303);
          expect(callback.headers.get('location')).toMatch(/^\/login\?error=/);
        }
        const { landedOn } = await signIn(fresh.url, 'after-the-flood@example.com');
        expect(landedOn).toBe('/');
        // The sign-in's start and its callback counted (2 of 6): four more starts, then 429.
        const browser = new Browser(fresh.url);
        const statuses: number[] = [];
        for (let i = 0; i < 5; i++) {
          const body = { currentUrl: '/', email: 'x@example.com' };
          statuses.push((await browser.post(`${fresh.url}/api/sso/getAuthUrl`, body)).status);
        }
        expect(statuses).toEqual([200, 200, 200, 200, 429]);
      } finally {
        await fresh.close();
      }
    });

    it('limits sign-in attempts per client address', async () => {
      const browser = new Browser(gw.url);
      let last = 0;
      for (let i = 0; i < 8 && last !== 429; i++) {
        last = (
          await browser.post(`${gw.url}/api/sso/getAuthUrl`, {
            currentUrl: '/',
            email: 'x@example.com',
          })
        ).status;
      }
      expect(last).toBe(429);
    });
  });
});
