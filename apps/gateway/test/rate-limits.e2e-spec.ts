import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Browser, freePort, signIn } from '@onboarding/test-support';
import { startGateway, type TestGateway } from './support/gateway.js';
import { startSandbox, type RunningSandbox } from './support/sandbox.js';

/** The limiters' window (common/guards/rate-limit.guard.ts): limits are per minute. */
const WINDOW_S = 60;

/**
 * The exact status sequence of each limit on a fresh address (a gateway of its own per test, so
 * no test spends another's budget): N allowed, then 429 from N+1 on, with a Retry-After that is
 * what is left of the minute's window.
 */
describe('rate limits, exactly', () => {
  let sandbox: RunningSandbox;
  const ports: number[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) ports.push(await freePort());
    sandbox = await startSandbox(ports.map((p) => `http://127.0.0.1:${p}`));
  });
  afterAll(async () => {
    await sandbox.close();
  });

  async function freshGateway(port: number | undefined, env: Record<string, string>) {
    return startGateway(
      {
        OIDC_ISSUER: `${sandbox.url}/oidc`,
        CUSTOMER_SETUP_API_URL: `${sandbox.url}/customer-setup`,
        LLM_API_URL: `${sandbox.url}/llm`,
        ...env,
      },
      { port },
    );
  }

  /** Retry-After is the window's rest: the whole minute less what passed since the first call. */
  function expectRetryAfterOfTheWindow(
    res: { headers: Headers; json: unknown },
    firstCallAt: number,
  ) {
    const retryAfter = Number(res.headers.get('retry-after'));
    const passed = Math.ceil((Date.now() - firstCallAt) / 1000);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_S);
    expect(retryAfter).toBeGreaterThanOrEqual(WINDOW_S - passed - 1);
    expect(res.json).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  }

  it('lets an operator make 5 API calls a minute when the limit is 5, and answers the 6th and 7th with 429', async () => {
    let gw: TestGateway | undefined;
    try {
      gw = await freshGateway(ports[0], { RATE_LIMIT_API_PER_MIN: '5' });
      const { browser } = await signIn(gw.url, 'counted@example.com');
      const firstCallAt = Date.now();
      const answers = [];
      for (let i = 0; i < 7; i++) answers.push(await browser.get(`${gw.url}/api/config`));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
      expectRetryAfterOfTheWindow(answers[5]!, firstCallAt);
    } finally {
      await gw?.close();
    }
  });

  it('lets an address start 6 sign-ins a minute when the limit is 6, and answers the 7th and 8th with 429', async () => {
    let gw: TestGateway | undefined;
    try {
      gw = await freshGateway(ports[1], { RATE_LIMIT_SIGN_IN_PER_MIN: '6' });
      const browser = new Browser(gw.url);
      const firstCallAt = Date.now();
      const answers = [];
      for (let i = 0; i < 8; i++)
        answers.push(
          await browser.post(`${gw.url}/api/sso/getAuthUrl`, {
            currentUrl: '/',
            email: 'x@example.com',
          }),
        );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
      expectRetryAfterOfTheWindow(answers[6]!, firstCallAt);
    } finally {
      await gw?.close();
    }
  });
});
