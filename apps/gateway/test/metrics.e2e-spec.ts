import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { remOmniOps } from '@onboarding/contracts';
import { exampleRequest, exampleResponse } from '@onboarding/contracts/testing';
import { Browser, freePort, RedisServer, signIn } from '@onboarding/test-support';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config/app-config.js';
import { FaultServer, json } from './support/fault-server.js';
import { PRODUCTION_ENV, spawnGateway, tempDir, type SpawnedGateway } from './support/gateway.js';
import { scrape, type Scrape } from './support/metrics.js';
import { startSandbox, type RunningSandbox } from './support/sandbox.js';

const DASHBOARD = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../docker/grafana/onboarding-console-gateway.json',
);
const ALL_SETUP = '/customer-setup/rem_omni/allSetup';
const REFRESH = '/customer-setup/rem_omni/refreshData';
const page = { searchText: '', limit: 20, offset: 0 };

/** The built gateway as its own process, its metrics on a port of their own. */
describe('Prometheus metrics', () => {
  let sandbox: RunningSandbox;
  let upstream: FaultServer;
  let gw: SpawnedGateway;
  let metricsUrl: string;
  let after: Scrape;

  beforeAll(async () => {
    const port = await freePort();
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    sandbox = await startSandbox([`http://127.0.0.1:${port}`]);
    upstream = await new FaultServer().start();
    gw = await spawnGateway(
      {
        OIDC_ISSUER: `${sandbox.url}/oidc`,
        CUSTOMER_SETUP_API_URL: `${upstream.url}/customer-setup`,
        LLM_API_URL: `${upstream.url}/llm`,
        ALLOWED_EMAIL_DOMAINS: 'corp.example',
        RATE_LIMIT_SIGN_IN_PER_MIN: '4',
        METRICS_PORT: String(metricsPort),
        METRICS_HOST: '127.0.0.1',
      },
      port,
    );

    // The known traffic. Sign-ins: one that succeeds, one of a domain not allowed, a callback
    // nobody started. The two sign-ins' starts and callbacks count against the sign-in limit (4 a
    // minute; the forged callback does not), so the next getAuthUrl is refused.
    const { browser } = await signIn(gw.url, 'operator@corp.example');
    await signIn(gw.url, 'intruder@evil.example');
    await new Browser(gw.url).navigate(`${gw.url}/api/sso/callback?code=forged&state=unknown`);
    const refused = await new Browser(gw.url).post(`${gw.url}/api/sso/getAuthUrl`, {
      currentUrl: '/',
      email: 'operator@corp.example',
    });
    expect(refused.status).toBe(429);

    // Proxied calls: a good one, one the upstream refuses (404), one it fails (500, a write:
    // not retried), one the contract refuses before any upstream call; and an unknown path.
    upstream.on(ALL_SETUP, (_req, res) => json(res, 200, exampleResponse(remOmniOps.allSetup)));
    expect((await browser.post(`${gw.url}${remOmniOps.allSetup.path}`, page)).status).toBe(200);
    const refresh = () =>
      browser.post(
        `${gw.url}${remOmniOps.refreshData.path}`,
        exampleRequest(remOmniOps.refreshData).body,
      );
    upstream.on(REFRESH, (_req, res) => json(res, 404, { message: 'No such setup' }));
    expect((await refresh()).status).toBe(404);
    upstream.on(REFRESH, (_req, res) => json(res, 500, { message: 'down' }));
    expect((await refresh()).status).toBe(502);
    const invalid = { ...page, limit: 'twenty' };
    expect((await browser.post(`${gw.url}${remOmniOps.allSetup.path}`, invalid)).status).toBe(400);
    expect((await browser.get(`${gw.url}/api/proxy/customer-setup/nothing/42`)).status).toBe(404);

    after = await scrape(metricsUrl);
  }, 60_000);

  afterAll(async () => {
    gw?.kill('SIGKILL');
    await gw?.exited;
    await upstream?.close();
    await sandbox?.close();
  });

  it('count the sign-ins by outcome and the rate-limit refusal', () => {
    expect(after.table('onboarding_gateway_sign_ins_total')).toEqual({
      'outcome=success': 1,
      'outcome=denied_domain': 1,
      'outcome=failed': 1,
    });
    expect(after.table('onboarding_gateway_rate_limit_refusals_total')).toEqual({
      'limiter=sign-in': 1,
    });
  });

  it('count requests by contract operation, status and error code, never by raw path', () => {
    const requests = after.table('onboarding_gateway_http_requests_total');
    // The gateway was polled on /api/health until it answered: how often is not known.
    delete requests['operation=health,status=200,code='];
    expect(requests).toEqual({
      'operation=session.getAuthUrl,status=200,code=': 2,
      'operation=session.getAuthUrl,status=429,code=RATE_LIMITED': 1,
      'operation=session.callback,status=303,code=': 3,
      'operation=rem_omni.allSetup,status=200,code=': 1,
      'operation=rem_omni.allSetup,status=400,code=VALIDATION_FAILED': 1,
      'operation=rem_omni.refreshData,status=404,code=UPSTREAM_ERROR': 1,
      'operation=rem_omni.refreshData,status=502,code=UPSTREAM_ERROR': 1,
      'operation=unknown,status=404,code=NOT_FOUND': 1,
      // Where each callback sent the browser (/, /login?error=…): no web app is built here.
      'operation=web,status=503,code=': 3,
    });
    const durations = after.table('onboarding_gateway_http_request_duration_seconds_count');
    expect(durations).toMatchObject({
      'operation=rem_omni.allSetup,status_class=2xx': 1,
      'operation=rem_omni.allSetup,status_class=4xx': 1,
      'operation=rem_omni.refreshData,status_class=4xx': 1,
      'operation=rem_omni.refreshData,status_class=5xx': 1,
    });
    expect(after.value('onboarding_gateway_http_requests_in_flight')).toBe(0);
  });

  it('count upstream calls by service and outcome, and show each circuit closed', () => {
    expect(after.table('onboarding_gateway_upstream_calls_total')).toEqual({
      'service=customer-setup,outcome=ok': 1,
      'service=customer-setup,outcome=4xx': 1,
      'service=customer-setup,outcome=5xx': 1,
    });
    expect(after.table('onboarding_gateway_upstream_call_duration_seconds_count')).toEqual({
      'service=customer-setup': 3,
    });
    expect(after.table('onboarding_gateway_upstream_circuit_state')).toEqual({
      'service=customer-setup,state=closed': 1,
      'service=customer-setup,state=open': 0,
      'service=customer-setup,state=half_open': 0,
      'service=customer-setup,state=isolated': 0,
      'service=llm,state=closed': 1,
      'service=llm,state=open': 0,
      'service=llm,state=half_open': 0,
      'service=llm,state=isolated': 0,
    });
  });

  it('time the session store by operation, with no errors', () => {
    const calls = after.table('onboarding_gateway_session_store_duration_seconds_count');
    expect(calls['store=sqlite,operation=get']).toBeGreaterThan(0);
    expect(calls['store=sqlite,operation=set']).toBeGreaterThan(0);
    expect(after.table('onboarding_gateway_session_store_errors_total')).toEqual({});
  });

  it('include the process metrics and the event-loop lag', () => {
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      expect(after.value(name)).toBeGreaterThanOrEqual(0);
  });

  it("are not served on the operators' port: /metrics there is an unknown path (404)", async () => {
    const there = await fetch(`${gw.url}/metrics`, { headers: { accept: 'text/html' } });
    expect(there.status).toBe(404);
    expect(await there.text()).not.toContain('onboarding_gateway_');
    // The metrics port serves /metrics and nothing else.
    expect((await fetch(metricsUrl.replace('/metrics', '/api/health'))).status).toBe(404);
    const own = await fetch(metricsUrl);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('hold every series the Grafana dashboard queries', () => {
    const dashboard = fs.readFileSync(DASHBOARD, 'utf8');
    const queried = new Set(
      [...dashboard.matchAll(/\b(?:onboarding_gateway|process|nodejs)_[a-z0-9_]+/g)].map(
        ([name]) => name,
      ),
    );
    expect(queried.size).toBeGreaterThan(10);
    expect([...queried].filter((name) => !after.names.has(name))).toEqual([]);
  });
});

describe('session store failures in the metrics', () => {
  let redis: RedisServer;
  let sandbox: RunningSandbox;
  let gw: SpawnedGateway;
  let metricsUrl: string;

  beforeAll(async () => {
    redis = await new RedisServer({ persist: false }).start();
    const port = await freePort();
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    sandbox = await startSandbox([`http://127.0.0.1:${port}`]);
    gw = await spawnGateway(
      {
        SESSION_STORE: 'redis',
        REDIS_URL: redis.url,
        OIDC_ISSUER: `${sandbox.url}/oidc`,
        METRICS_PORT: String(metricsPort),
        METRICS_HOST: '127.0.0.1',
      },
      port,
    );
  }, 60_000);

  afterAll(async () => {
    gw?.kill('SIGKILL');
    await gw?.exited;
    await sandbox?.close();
    await redis?.stop();
  });

  it('count a failed session read when Redis is gone', async () => {
    const { browser } = await signIn(gw.url, 'outage@example.com');
    expect(
      (await scrape(metricsUrl)).table('onboarding_gateway_session_store_errors_total'),
    ).toEqual({});
    await redis.kill();
    expect((await browser.get(`${gw.url}/api/config`)).status).toBe(503);
    const scraped = await scrape(metricsUrl);
    expect(scraped.table('onboarding_gateway_session_store_errors_total')).toEqual({
      'store=redis,operation=get,reason=error': 1,
    });
    expect(scraped.table('onboarding_gateway_http_requests_total')).toMatchObject({
      'operation=session.config,status=503,code=SESSION_STORE_UNAVAILABLE': 1,
    });
  });
});

describe('METRICS_PORT and METRICS_HOST', () => {
  const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: tempDir(), ...env });
  const PRODUCTION = PRODUCTION_ENV;

  it('serve metrics on 9464, every interface, in production; nowhere by default elsewhere', () => {
    expect(config(PRODUCTION).metrics).toEqual({ port: 9464, host: undefined });
    expect(config({}).metrics).toBeUndefined();
    expect(config({ NODE_ENV: 'test' }).metrics).toBeUndefined();
    expect(config({ METRICS_PORT: '9100', METRICS_HOST: '127.0.0.1' }).metrics).toEqual({
      port: 9100,
      host: '127.0.0.1',
    });
  });

  it('turn metrics off with off or 0, in production too', () => {
    expect(config({ ...PRODUCTION, METRICS_PORT: 'off' }).metrics).toBeUndefined();
    expect(config({ ...PRODUCTION, METRICS_PORT: '0' }).metrics).toBeUndefined();
  });

  it("refuse a bad port, and the operators' port, with one line naming the variable", () => {
    expect(() => config({ METRICS_PORT: 'prometheus' })).toThrow(
      'Invalid configuration: METRICS_PORT must be a port number between 1 and 65535, or off (got "prometheus")',
    );
    expect(() => config({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT must be a port number/);
    expect(() => config({ PORT: '9100', METRICS_PORT: '9100' })).toThrow(
      "Invalid configuration: METRICS_PORT must differ from PORT: metrics are never served on the operators' port",
    );
    expect(() => config({ ...PRODUCTION, PORT: '9464' })).toThrow(/METRICS_PORT must differ/);
  });
});
