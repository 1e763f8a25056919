import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { llmOps } from '@onboarding/contracts';
import fs from 'node:fs';
import path from 'node:path';
import { FaultServer, json } from './support/fault-server.js';
import { spawnGateway, tempDir, type SpawnedGateway } from './support/gateway.js';
import { freePort, signIn, waitFor } from '@onboarding/test-support';
import { startSandbox, type RunningSandbox } from './support/sandbox.js';

const page = { searchText: '', limit: 20, offset: 0 };

/** The built gateway as its own process, as `npm start` runs it. */
describe('the gateway process', () => {
  let sandbox: RunningSandbox;
  let upstream: FaultServer;
  const ports: number[] = [];

  beforeAll(async () => {
    ports.push(await freePort(), await freePort());
    sandbox = await startSandbox(ports.map((p) => `http://127.0.0.1:${p}`));
    upstream = await new FaultServer().start();
  });
  afterAll(async () => {
    await upstream.close();
    await sandbox.close();
  });

  it('shuts down gracefully under load: not ready at once, in-flight requests finish, exit 0', async () => {
    upstream.on('/customer-setup/rem_omni/allSetup', (_req, res) => {
      setTimeout(() => json(res, 200, []), 800);
    });
    const gw = await spawnGateway(
      {
        OIDC_ISSUER: `${sandbox.url}/oidc`,
        CUSTOMER_SETUP_API_URL: `${upstream.url}/customer-setup`,
        LLM_API_URL: `${upstream.url}/llm`,
        SHUTDOWN_GRACE_MS: '500',
      },
      ports[0],
    );
    try {
      const { browser } = await signIn(gw.url, 'drain@example.com');
      const inFlight = Array.from({ length: 24 }, () =>
        browser
          .post(`${gw.url}/api/proxy/customer-setup/rem_omni/allSetup`, page)
          .then((r) => r.status),
      );
      // All of them reached the upstream (and wait there) before the stop.
      await waitFor(
        () => upstream.requests.filter((r) => r.url.endsWith('/rem_omni/allSetup')).length === 24,
        { what: 'the 24 requests in flight' },
      );
      gw.kill('SIGTERM');
      const ready = await waitFor(
        async () => {
          const res = await fetch(`${gw.url}/api/ready`);
          return res.status !== 200 && res;
        },
        { what: 'not ready after SIGTERM' },
      );
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'shutting_down' });
      expect((await fetch(`${gw.url}/api/health`)).status).toBe(200);

      const statuses = await Promise.all(inFlight);
      expect(statuses).toEqual(statuses.map(() => 200));
      const exit = await gw.exited;
      expect(exit).toEqual({ code: 0, signal: null });
      await expect(fetch(`${gw.url}/api/health`)).rejects.toThrow();
    } finally {
      gw.kill('SIGKILL');
    }
  });

  describe('its log', () => {
    let gw: SpawnedGateway;
    let raw: string;
    const secrets: Record<string, string> = {};

    beforeAll(async () => {
      const dataDir = tempDir();
      upstream.reset();
      upstream.on('/llm/prompts/add', (_req, res) => json(res, 200, { message: 'Prompt added' }));
      upstream.on('/customer-setup/rem_omni/allSetup', (_req, res) =>
        json(res, 500, { message: 'boom' }),
      );
      gw = await spawnGateway(
        {
          DATA_DIR: dataDir,
          LOG_LEVEL: 'trace',
          OIDC_ISSUER: `${sandbox.url}/oidc`,
          CUSTOMER_SETUP_API_URL: `${upstream.url}/customer-setup`,
          LLM_API_URL: `${upstream.url}/llm`,
        },
        ports[1],
      );
      const { browser, hops } = await signIn(gw.url, 'logged@example.com');
      const callback = new URL(hops.find((h) => h.url.includes('/api/sso/callback'))!.url);
      secrets.code = callback.searchParams.get('code')!;
      secrets.state = callback.searchParams.get('state')!;
      const signedCookie = decodeURIComponent(browser.cookie('onboarding.sid')!.value);
      secrets.cookie = signedCookie;
      secrets.sessionId = signedCookie.slice(2, signedCookie.lastIndexOf('.'));
      secrets.sessionSecret = fs.readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim();
      secrets.clientSecret = 'sandbox-client-secret';
      secrets.prompt = 'TOP-SECRET-PROMPT-TEXT-4711';
      secrets.context = 'CONFIDENTIAL-BUSINESS-CONTEXT-0815';
      const authUrl = new URL(hops[0]!.url);
      secrets.nonce = authUrl.searchParams.get('nonce') ?? '';

      const add = await browser.post(`${gw.url}${llmOps.add.path}`, {
        clientId: 1,
        clientName: 'Common',
        prompt: secrets.prompt,
        businessContext: secrets.context,
        metadata: { name: 'Weekly summary', variables: {} },
      });
      expect(add.status).toBe(200);
      await browser.post(`${gw.url}${llmOps.add.path}`, {
        prompt: secrets.prompt,
        junk: secrets.context,
      });
      await browser.post(`${gw.url}/api/proxy/customer-setup/rem_omni/allSetup`, page);
      await browser.get(`${gw.url}/api/sso/callback?code=${secrets.code}&state=${secrets.state}`);
      await browser.post(`${gw.url}/api/sso/logout`, {});
      gw.kill('SIGTERM');
      await gw.exited;
      raw = gw.stdout + gw.stderr;
    });

    it('holds no session id, cookie, code, state, nonce, token, secret or prompt text', () => {
      expect(raw.length).toBeGreaterThan(1000);
      for (const [name, value] of Object.entries(secrets)) {
        expect(value.length).toBeGreaterThan(5);
        if (raw.includes(value)) throw new Error(`the log contains the ${name}`);
      }
      expect(raw).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/);
    });

    it('is JSON with a request id on every request line, and one audit line per state-changing call', () => {
      const lines = raw
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const requestLines = lines.filter((l) => l.req);
      expect(requestLines.length).toBeGreaterThan(5);
      for (const l of requestLines) expect(typeof l.requestId).toBe('string');
      const audits = lines.filter((l) => l.audit === true);
      expect(audits.map((a) => [a.operation, a.outcome])).toEqual([
        ['session.signIn', 'success'],
        ['llm.add', 'success'],
        ['llm.add', 'failure'],
        ['session.signIn', 'failure'], // the replayed callback
        ['session.logout', 'success'],
      ]);
      expect(audits[1]).toMatchObject({
        user: 'logged@example.com',
        ids: { clientId: 1 },
        status: 200,
      });
    });
  });
});
