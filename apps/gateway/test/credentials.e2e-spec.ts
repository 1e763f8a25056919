import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Browser, RedisServer, signIn, waitFor } from '@onboarding/test-support';
import { startGateway } from './support/gateway.js';
import { startSandboxStack } from './support/stack.js';

type Stack = Awaited<ReturnType<typeof startSandboxStack>>;

const PASSWORD = 'redis-requirepass-7f3c9a1e';
const WRONG = 'not-the-redis-password-42d8';
/** The longest wait on the store (SESSION_STORE_TIMEOUT_MS, its default written out). */
const STORE_TIMEOUT_MS = 800;

/** A real redis-server with `requirepass`; REDIS_URL carries the password as userinfo. */
describe('sessions in a Redis that requires a password', () => {
  let redis: RedisServer;
  let stack: Stack | undefined;

  beforeAll(async () => {
    redis = await new RedisServer({ password: PASSWORD, persist: false }).start();
  });

  afterAll(async () => {
    await stack?.close();
    await redis?.stop();
  });

  /** The gateway on the sandbox, its sessions and rate-limit counts in that Redis. */
  const start = async (redisUrl: string) => {
    await stack?.close();
    stack = await startSandboxStack({
      SESSION_STORE: 'redis',
      REDIS_URL: redisUrl,
      SESSION_STORE_TIMEOUT_MS: `${STORE_TIMEOUT_MS}`,
    });
    return stack;
  };

  /** Neither password anywhere the gateway writes: its logs and its readiness answer. */
  const expectNoPassword = (text: string) => {
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(WRONG);
  };

  it('signs an operator in and serves the API with the right password, printing it nowhere', async () => {
    expect(redis.url).toContain(`:${PASSWORD}@`);
    const { gw } = await start(redis.url);
    const { browser } = await signIn(gw.url, 'operator@example.com');
    const config = await browser.get(`${gw.url}/api/config`);
    expect(config.status).toBe(200);
    expect(config.json).toMatchObject({ user: { email: 'operator@example.com' } });
    // The session is in that Redis.
    expect(await redis.command('DBSIZE')).toMatch(/^:[1-9]/);

    const ready = await fetch(`${gw.url}/api/ready`);
    expect(ready.status).toBe(200);
    expectNoPassword(await ready.text());
    expectNoPassword(gw.logs.raw);
  });

  it('is not ready and answers 503 fast with a wrong password, printing neither', async () => {
    const { gw } = await start(redis.url.replace(PASSWORD, WRONG));
    await waitFor(
      () =>
        gw.logs.find((l) => /^redis (connection error|not reachable)/.test(String(l.msg))).length >
        0,
      { what: 'the refused connection logged' },
    );

    const ready = await fetch(`${gw.url}/api/ready`);
    const readyBody = await ready.text();
    expect(ready.status).toBe(503);
    expect(JSON.parse(readyBody)).toMatchObject({ error: { sessionStore: { status: 'down' } } });
    expectNoPassword(readyBody);

    const timed = async (call: () => Promise<{ status: number; json: unknown }>) => {
      const started = Date.now();
      const res = await call();
      return { status: res.status, json: res.json, ms: Date.now() - started };
    };
    const browser = new Browser(gw.url);
    const signInCall = await timed(() =>
      browser.post(`${gw.url}/api/sso/getAuthUrl`, { currentUrl: '/', email: 'op@example.com' }),
    );
    const apiCall = await timed(() => browser.get(`${gw.url}/api/config`));
    for (const call of [signInCall, apiCall]) {
      expect(call.status).toBe(503);
      expect(call.json).toMatchObject({ error: { code: 'SESSION_STORE_UNAVAILABLE' } });
      // Refused at once, or at worst at the store's deadline: three times it, room for a busy
      // machine.
      expect(call.ms).toBeLessThan(3 * STORE_TIMEOUT_MS);
    }
    expectNoPassword(gw.logs.raw);
  });
});

describe('an identity provider address with credentials in it', () => {
  it('logs the failed discovery with the userinfo of the address masked', async () => {
    // Discovery fails at once: fetch refuses a URL with credentials in it.
    const gw = await startGateway({ OIDC_ISSUER: 'http://console:hunter2-idp@127.0.0.1:9/oidc' });
    try {
      await waitFor(
        () => gw.logs.find((l) => l.msg === 'identity provider discovery failed').length > 0,
        { what: 'the failed discovery logged' },
      );
      const [line] = gw.logs.find((l) => l.msg === 'identity provider discovery failed');
      expect(line!.issuer).toBe('http://***@127.0.0.1:9/oidc');
      expect(gw.logs.raw).not.toContain('hunter2');
    } finally {
      await gw.close();
    }
  });
});
