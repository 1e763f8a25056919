import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { llmOps, remOmniOps } from '@onboarding/contracts';
import { exampleRequest, exampleResponse } from '@onboarding/contracts/testing';
import { signIn, waitFor } from '@onboarding/test-support';
import { fakeTheClockOnly } from './support/clock.js';
import { FaultServer, json } from './support/fault-server.js';
import { startGateway } from './support/gateway.js';
import { startFaultStack, startSandboxStack, type FaultStack } from './support/stack.js';

type ErrorBody = { error: { code: string } };

describe('the circuit breaker per upstream', () => {
  const RESET_MS = 300;
  let s: FaultStack;
  beforeAll(async () => {
    s = await startFaultStack({ CIRCUIT_FAILURE_THRESHOLD: '3', CIRCUIT_RESET_MS: `${RESET_MS}` });
  });
  afterAll(async () => {
    await s.close();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  const refresh = () =>
    s.browser.post(
      `${s.gw.url}${remOmniOps.refreshData.path}`,
      exampleRequest(remOmniOps.refreshData).body,
    );

  it('opens after consecutive failures, answers 503 fast without calling, and closes after a good probe', async () => {
    s.upstream.on('/customer-setup/rem_omni/refreshData', (_req, res) =>
      json(res, 500, { message: 'down' }),
    );
    s.upstream.on('/llm/prompts/get-all', (_req, res) =>
      json(res, 200, exampleResponse(llmOps.getAll)),
    );
    // Only the clock is faked (jest's Date, which the breaker in this process reads): the circuit
    // stays open until the test moves it past the reset time, however slow the machine.
    fakeTheClockOnly();
    for (let i = 0; i < 3; i++) expect((await refresh()).status).toBe(502);
    const calls = s.upstream.requests.length;

    // An upstream that would never answer: a call forwarded now would wait for the upstream
    // timeout (15 s); the open circuit answers at once, here well within a second.
    s.upstream.on('/customer-setup/rem_omni/refreshData', () => undefined);
    const started = performance.now();
    const open = await refresh();
    expect(open.status).toBe(503);
    expect((open.json as ErrorBody).error.code).toBe('CIRCUIT_OPEN');
    expect(Number(open.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(performance.now() - started).toBeLessThan(1000);
    // Reads of the same upstream are paused too; the other upstream is not affected.
    const read = await s.browser.post(`${s.gw.url}${remOmniOps.allSetup.path}`, {
      searchText: '',
      limit: 20,
      offset: 0,
    });
    expect((read.json as ErrorBody).error.code).toBe('CIRCUIT_OPEN');
    expect(s.upstream.requests.length).toBe(calls);
    expect((await s.browser.get(`${s.gw.url}${llmOps.getAll.path}`)).status).toBe(200);

    // Half-open after the reset time: the first call through is a probe; failing, it opens the
    // circuit again at once.
    s.upstream.on('/customer-setup/rem_omni/refreshData', (_req, res) =>
      json(res, 500, { message: 'down' }),
    );
    expect((await refresh()).status).toBe(503);
    jest.setSystemTime(Date.now() + RESET_MS);
    expect((await refresh()).status).toBe(502);
    const refreshes = () =>
      s.upstream.requests.filter((r) => r.url.endsWith('/refreshData')).length;
    expect(refreshes()).toBe(4);
    expect((await refresh()).status).toBe(503);

    // The upstream recovers: the next probe closes the circuit.
    s.upstream.on('/customer-setup/rem_omni/refreshData', (_req, res) =>
      json(res, 200, { message: 'Re-triggered' }),
    );
    jest.setSystemTime(Date.now() + RESET_MS);
    expect((await refresh()).status).toBe(200);
    expect((await refresh()).status).toBe(200);
  });
});

describe('readiness', () => {
  it('is ready when the store and the upstreams answer, and not when an upstream is gone', async () => {
    const upstream = await new FaultServer().start();
    const gw = await startGateway({
      CUSTOMER_SETUP_API_URL: `${upstream.url}/customer-setup`,
      LLM_API_URL: `${upstream.url}/llm`,
    });
    try {
      const ready = await fetch(`${gw.url}/api/ready`);
      expect(ready.status).toBe(200);
      // No identity provider here: ready for the API, degraded for sign-in.
      expect(await ready.json()).toMatchObject({
        status: 'degraded',
        details: {
          sessionStore: { status: 'up' },
          'customer-setup': { status: 'up' },
          llm: { status: 'up' },
        },
      });
      await upstream.close();
      const notReady = await waitFor(
        async () => {
          const res = await fetch(`${gw.url}/api/ready`);
          return res.status !== 200 && res;
        },
        { what: 'not ready' },
      );
      expect(notReady.status).toBe(503);
      expect(await notReady.json()).toMatchObject({
        status: 'error',
        error: { 'customer-setup': { status: 'down' } },
      });
      // Liveness is not readiness.
      expect((await fetch(`${gw.url}/api/health`)).status).toBe(200);
    } finally {
      await gw.close();
    }
  });
});

describe('readiness, as others see it', () => {
  it('tells why a dependency is down only on loopback or to a signed-in operator: anyone else sees statuses alone', async () => {
    const upstream = await new FaultServer().start();
    const gw = await startGateway({
      CUSTOMER_SETUP_API_URL: `${upstream.url}/customer-setup`,
      LLM_API_URL: 'http://127.0.0.1:9/llm',
      TRUST_PROXY_HOPS: '1',
    });
    type Ready = { status: string; details: Record<string, Record<string, unknown>> };
    const ready = async (headers: Record<string, string> = {}) =>
      (await (await fetch(`${gw.url}/api/ready`, { headers })).json()) as Ready;
    try {
      const local = await ready();
      expect(local.status).toBe('error');
      expect(local.details.llm).toMatchObject({ status: 'down', message: expect.any(String) });
      const remote = await ready({ 'x-forwarded-for': '203.0.113.9' });
      expect(remote.status).toBe('error');
      expect(remote.details.llm).toEqual({ status: 'down' });
      for (const check of Object.values(remote.details))
        expect(Object.keys(check)).toEqual(['status']);
      expect(JSON.stringify(remote)).not.toContain('127.0.0.1');
    } finally {
      await gw.close();
      await upstream.close();
    }
  });
});

describe('readiness, as a signed-in operator sees it', () => {
  it('tells a signed-in operator why a dependency is down, from any address', async () => {
    const s = await startSandboxStack({
      LLM_API_URL: 'http://127.0.0.1:9/llm',
      TRUST_PROXY_HOPS: '1',
    });
    try {
      const { browser } = await signIn(s.gw.url, 'ops@example.com');
      const remote = { 'x-forwarded-for': '203.0.113.9' };
      const signedIn = await browser.get(`${s.gw.url}/api/ready`, remote);
      const anonymous = await fetch(`${s.gw.url}/api/ready`, { headers: remote });
      type Ready = { details: Record<string, Record<string, unknown>> };
      expect((signedIn.json as Ready).details.llm).toMatchObject({
        status: 'down',
        message: expect.any(String),
      });
      expect(((await anonymous.json()) as Ready).details.llm).toEqual({ status: 'down' });
    } finally {
      await s.close();
    }
  });
});

describe('readiness in the log', () => {
  it('logs a change of readiness once, as a warning without a stack, not every failing probe', async () => {
    let down = false;
    const upstream = await new FaultServer().start();
    upstream.otherwise((req, res) => (down ? req.socket.destroy() : json(res, 200, { ok: true })));
    const gw = await startGateway({
      CUSTOMER_SETUP_API_URL: `${upstream.url}/customer-setup`,
      LLM_API_URL: `${upstream.url}/llm`,
      // No identity provider at all, so that its check cannot change during the test.
      OIDC_ISSUER: 'http://127.0.0.1:9/oidc',
    });
    const probe = async () => (await fetch(`${gw.url}/api/ready`)).status;
    try {
      expect(await probe()).toBe(200);
      down = true;
      // Probes keep failing while it is down, well past the readiness cache of half a second.
      await waitFor(async () => (await probe()) === 503, { what: 'not ready' });
      const until = Date.now() + 1500;
      while (Date.now() < until) expect(await probe()).toBe(503);
      down = false;
      await waitFor(async () => (await probe()) === 200, { what: 'ready again' });
      const changes = () => gw.logs.lines.filter((l) => l.readiness !== undefined);
      await waitFor(() => changes().at(-1)?.readiness === 'degraded' && changes().length > 2, {
        what: 'the change back to ready in the log',
      });

      const lines = gw.logs.lines;
      expect(lines.filter((l) => l.level === 'error')).toEqual([]);
      expect(gw.logs.raw).not.toContain('"stack"');
      const logged = changes().map((l) => [l.level, l.msg, l.readiness]);
      // Each check is cached on its own, so going down or up may pass through a state where one
      // upstream is down and the other not yet: a change too, logged once like the others.
      const notReady = ['warn', 'not ready', 'error'];
      // Ready without the identity provider: sign-in waits for it, the API does not.
      const ready = ['info', 'ready', 'degraded'];
      expect(logged[0]).toEqual(ready);
      expect(logged.at(-1)).toEqual(ready);
      const between = logged.slice(1, -1);
      expect(between.length).toBeGreaterThanOrEqual(1);
      expect(between.length).toBeLessThanOrEqual(3);
      for (const change of between) expect(change).toEqual(notReady);
      expect(changes().map((l) => l.checks)).toContainEqual({
        sessionStore: 'up',
        'customer-setup': 'down',
        llm: 'down',
        'identity-provider': 'degraded',
      });
      // The probes themselves leave no line at the default level.
      expect(
        lines.filter((l) => (l.req as { path?: string } | undefined)?.path === '/api/ready'),
      ).toEqual([]);
    } finally {
      await gw.close();
      await upstream.close();
    }
  });
});

describe('response validation in report-only mode', () => {
  let s: FaultStack;
  beforeAll(async () => {
    s = await startFaultStack({ UPSTREAM_RESPONSE_VALIDATION: 'report' });
  });
  afterAll(async () => {
    await s.close();
  });

  it('passes an answer outside the contract through, and logs its issue paths', async () => {
    const odd = [{ setupId: 'not-a-number' }];
    s.upstream.on('/customer-setup/rem_omni/allSetup', (_req, res) => json(res, 200, odd));
    const res = await s.browser.post(`${s.gw.url}${remOmniOps.allSetup.path}`, {
      searchText: '',
      limit: 20,
      offset: 0,
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(odd);
    const logged = s.gw.logs.find((l) => l.msg === 'upstream answer does not match the contract');
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged[0]!.issues)).toContain('setupId');
    expect(logged[0]!.requestId).toBe(res.headers.get('x-request-id'));
  });
});
