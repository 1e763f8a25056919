import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { remOmniOps } from '@onboarding/contracts';
import { exampleResponse } from '@onboarding/contracts/testing';
import { freePort, signIn, waitFor } from '@onboarding/test-support';
import { FaultServer, json } from './support/fault-server.js';
import { spawnGateway, type SpawnedGateway } from './support/gateway.js';
import { OtlpReceiver } from './support/otlp-receiver.js';
import { startSandbox, type RunningSandbox } from './support/sandbox.js';

const ALL_SETUP = '/customer-setup/rem_omni/allSetup';
const page = { searchText: '', limit: 20, offset: 0 };
/** A W3C traceparent: version, trace id, parent span id, flags. */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/;
const SERVER = 2;
const CLIENT = 3;

/** The built gateway as npm start and the image run it, against the sandbox's IdP. */
describe('OpenTelemetry tracing', () => {
  let sandbox: RunningSandbox;
  let upstream: FaultServer;
  let receiver: OtlpReceiver;
  let gw: SpawnedGateway | undefined;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    sandbox = await startSandbox([`http://127.0.0.1:${port}`]);
    upstream = await new FaultServer().start();
    upstream.on(ALL_SETUP, (_req, res) => json(res, 200, exampleResponse(remOmniOps.allSetup)));
  });
  beforeEach(async () => {
    receiver = await new OtlpReceiver().start();
  });
  afterEach(async () => {
    gw?.kill('SIGKILL');
    await gw?.exited;
    gw = undefined;
    await receiver?.close();
    upstream.requests.length = 0;
  });
  afterAll(async () => {
    await upstream?.close();
    await sandbox?.close();
  });

  const start = async (env: Record<string, string>) => {
    gw = await spawnGateway(
      {
        OIDC_ISSUER: `${sandbox.url}/oidc`,
        CUSTOMER_SETUP_API_URL: `${upstream.url}/customer-setup`,
        LLM_API_URL: `${upstream.url}/llm`,
        ...env,
      },
      port,
    );
    return gw;
  };

  it('sends traceparent upstream, puts its trace id in the request’s log lines, and exports the spans over OTLP', async () => {
    const gw = await start({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_SERVICE_NAME: 'gateway-under-test',
    });
    const { browser, callback } = await signIn(gw.url, 'traced@example.com');
    // A caller's own trace context is not the gateway's: it starts every trace itself.
    const callersTrace = `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01`;
    const res = await browser.post(`${gw.url}${remOmniOps.allSetup.path}`, page, {
      traceparent: callersTrace,
    });
    expect(res.status).toBe(200);

    const sent = upstream.requests.find((r) => r.url === ALL_SETUP)!;
    const [, traceId, clientSpanId] = TRACEPARENT.exec(String(sent.headers.traceparent))!;
    expect(traceId).not.toBe('a'.repeat(32));
    const requestId = res.headers.get('x-request-id');
    const completed = await waitFor(
      () => gw.logLines().find((l) => l.requestId === requestId && l.msg === 'request completed'),
      { what: "the request's log line" },
    );
    expect(completed).toMatchObject({ traceId, traceFlags: '01' });

    // Spans leave in batches; a stop (SIGTERM) sends what is left before the process exits.
    gw.kill('SIGTERM');
    expect(await gw.exited).toEqual({ code: 0, signal: null });
    const spans = receiver.spans();
    expect(receiver.requests.every((r) => r.contentType.startsWith('application/json'))).toBe(true);
    const server = spans.find((s) => s.traceId === traceId && s.kind === SERVER);
    expect(server).toMatchObject({
      name: 'POST rem_omni.allSetup',
      spanId: completed.spanId,
      attributes: { 'onboarding.operation': 'rem_omni.allSetup', 'http.response.status_code': 200 },
      resource: { 'service.name': 'gateway-under-test' },
    });
    expect(server!.parentSpanId).toBeFalsy();
    expect(spans.find((s) => s.spanId === clientSpanId)).toMatchObject({
      traceId,
      kind: CLIENT,
      parentSpanId: server!.spanId,
    });
    // The probes that polled the gateway until it was up have no spans; the sign-in callback's
    // authorization code is in none.
    expect(spans.filter((s) => s.name === 'GET health')).toEqual([]);
    const code = new URL(callback.url).searchParams.get('code')!;
    expect(code.length).toBeGreaterThan(8);
    expect(receiver.requests.map((r) => r.body).join('\n')).not.toContain(code);
  });

  it('is off without an OTLP endpoint: no traceparent upstream, no trace ids logged, nothing exported', async () => {
    // The endpoints of the other signals are not tracing's: they turn nothing on.
    const gw = await start({
      OTEL_SERVICE_NAME: 'gateway-under-test',
      OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: `${receiver.url}/v1/metrics`,
      OTEL_EXPORTER_OTLP_LOGS_ENDPOINT: `${receiver.url}/v1/logs`,
    });
    const { browser } = await signIn(gw.url, 'untraced@example.com');
    const res = await browser.post(`${gw.url}${remOmniOps.allSetup.path}`, page);
    expect(res.status).toBe(200);
    const sent = upstream.requests.find((r) => r.url === ALL_SETUP)!;
    expect(sent.headers.traceparent).toBeUndefined();
    const requestId = res.headers.get('x-request-id');
    await waitFor(
      () => gw.logLines().find((l) => l.requestId === requestId && l.msg === 'request completed'),
      { what: "the request's log line" },
    );
    expect(gw.logLines().filter((l) => 'traceId' in l || 'spanId' in l)).toEqual([]);
    gw.kill('SIGTERM');
    expect(await gw.exited).toEqual({ code: 0, signal: null });
    expect(receiver.requests).toEqual([]);
  });
});
