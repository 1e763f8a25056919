import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { ServerResponse } from 'node:http';
import { type AnyOperation, legacyOps, llmOps, metaOps, remOmniOps } from '@onboarding/contracts';
import { exampleRequest, exampleResponse } from '@onboarding/contracts/testing';
import { freePort, waitFor } from '@onboarding/test-support';
import { FaultServer, json } from './support/fault-server.js';
import { scrape } from './support/metrics.js';
import { startGateway } from './support/gateway.js';
import { startFaultStack, type FaultStack } from './support/stack.js';
import { ProxyService } from '../src/proxy/proxy.service.js';

const ALL_SETUP = '/customer-setup/rem_omni/allSetup';
const allSetupCall = '/api/proxy/customer-setup/rem_omni/allSetup';
const page = { searchText: '', limit: 20, offset: 0 };

/** A workflow whose current rows are the given ones (stepName, retailer, market share, status). */
const workflowOf = (
  rows: { stepName: string; retailerId: number; ismarketshareEnabled?: boolean; status: string }[],
) => ({
  currentWorkflow: rows.map((r) => ({
    ismarketshareEnabled: false,
    updatedat: '2026-11-25T10:00:00Z',
    requestedby: null,
    statusPayload: null,
    ...r,
  })),
  historyWorkflow: [],
});
const WORKFLOW_READ = {
  rem_omni: '/customer-setup/rem_omni/worflowData',
  meta: '/customer-setup/meta/workflowData',
};

type ErrorBody = {
  error: {
    code: string;
    message: string;
    requestId: string;
    issues?: { path: unknown[] }[];
    upstream?: { service: string; status: number };
  };
};

/** The upstream deadline here; a 504 is held to four times it (room for a busy machine). */
const UPSTREAM_TIMEOUT_MS = 600;

describe('the proxy, against an upstream of our own', () => {
  let s: FaultStack;
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
    s = await startFaultStack({
      UPSTREAM_TIMEOUT_MS: `${UPSTREAM_TIMEOUT_MS}`,
      UPSTREAM_MAX_RESPONSE_BYTES: '65536',
      METRICS_PORT: `${metricsPort}`,
    });
  });
  afterAll(async () => {
    await s.close();
  });
  beforeEach(() => s.upstream.reset());

  const call = (path: string, body?: unknown, headers?: Record<string, string>) =>
    s.browser.post(`${s.gw.url}${path}`, body, headers);

  describe('forwarding', () => {
    it('forwards a declared call and answers the upstream body unwrapped', async () => {
      const rows = exampleResponse(remOmniOps.allSetup);
      s.upstream.on(ALL_SETUP, (_req, res) => json(res, 200, rows));
      const res = await call(allSetupCall, page);
      expect(res.status).toBe(200);
      expect(res.json).toEqual(rows);
      expect(s.upstream.requests).toHaveLength(1);
      expect(s.upstream.requests[0]!.method).toBe('POST');
      expect(s.upstream.requests[0]!.json).toEqual(page);
    });

    it('sends the request id and the signed-in e-mail upstream, and nothing of the browser', async () => {
      const res = await call(allSetupCall, page, {
        'x-request-id': 'trace-abcdef123456',
        'x-user-email': 'forged@evil.example',
        'x-forwarded-for': '6.6.6.6',
        'x-forwarded-host': 'evil.example',
        forwarded: 'for=6.6.6.6',
        'x-real-ip': '6.6.6.6',
        authorization: 'Bearer stolen',
        referer: `${s.gw.url}/somewhere`,
      });
      // The gateway's own id goes upstream; the caller's is only logged beside it.
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const sent = s.upstream.requests[0]!.headers;
      expect(sent['x-request-id']).toBe(id);
      expect(sent['x-user-email']).toBe(s.email);
      for (const h of [
        'cookie',
        'authorization',
        'x-forwarded-for',
        'x-forwarded-host',
        'forwarded',
        'x-real-ip',
        'origin',
        'referer',
        'x-requested-with',
        'sec-fetch-site',
      ]) {
        expect(sent[h]).toBeUndefined();
      }
    });

    it('passes no upstream Set-Cookie or banner header back to the browser', async () => {
      s.upstream.on(ALL_SETUP, (_req, res) =>
        json(res, 200, [], {
          'Set-Cookie': 'upstream=1; Path=/',
          Server: 'nginx/1.2.3',
          'X-Powered-By': 'Express',
          'X-AspNet-Version': '4.0',
          'X-Internal-Host': 'db-7.internal',
        }),
      );
      const res = await call(allSetupCall, page);
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().filter((c) => c.startsWith('upstream='))).toEqual([]);
      for (const h of ['server', 'x-powered-by', 'x-aspnet-version', 'x-internal-host'])
        expect(res.headers.get(h)).toBeNull();
    });

    it('reuses its upstream connections (keep-alive)', async () => {
      s.upstream.on(ALL_SETUP, (_req, res) => json(res, 200, []));
      const before = s.upstream.connections;
      for (let i = 0; i < 20; i++) expect((await call(allSetupCall, page)).status).toBe(200);
      expect(s.upstream.connections - before).toBeLessThanOrEqual(1);
    });

    it('forwards path params encoded and query params from the contract', async () => {
      s.upstream.on('/llm/prompts/get/Ab-12_x', (_req, res) =>
        json(res, 200, exampleResponse(llmOps.get)),
      );
      const got = await s.browser.get(`${s.gw.url}/api/proxy/llm/prompts/get/Ab-12_x`);
      expect(got.status).toBe(200);
      s.upstream.on('/customer-setup/rem_omni/browseNodes', (_req, res) =>
        json(res, 200, exampleResponse(remOmniOps.browseNodes)),
      );
      const nodes = await call('/api/proxy/customer-setup/rem_omni/browseNodes?setupId=42', {});
      expect(nodes.status).toBe(200);
      expect(s.upstream.requests.map((r) => r.url)).toEqual([
        '/llm/prompts/get/Ab-12_x',
        '/customer-setup/rem_omni/browseNodes?setupId=42',
      ]);
      // A read goes without a body: no JSON of the browser's, no empty object, no content type.
      const [read] = s.upstream.requests;
      expect([read!.method, read!.body, read!.headers['content-type']]).toEqual([
        'GET',
        '',
        undefined,
      ]);
    });
  });

  describe('identity fields come from the session', () => {
    it.each([
      [remOmniOps.reTrigger, 'requestedBy'],
      [remOmniOps.refreshData, 'requestedBy'],
      [legacyOps.addNewSetup, 'createdBy'],
      [legacyOps.editSetup, 'updatedBy'],
    ])('%s: %s is the signed-in e-mail whatever the browser sends', async (op, field) => {
      s.upstream.otherwise((_req, res) => json(res, 200, { message: 'Done' }));
      // Re-trigger reads the workflow first: its step is FAILED there.
      s.upstream.on(WORKFLOW_READ.rem_omni, (_req, res) =>
        json(res, 200, workflowOf([{ stepName: 'sti', retailerId: 4, status: 'FAILED' }])),
      );
      const forwarded = () => s.upstream.requests.filter((r) => !r.url.endsWith('/worflowData'));
      const body = {
        ...(exampleRequest(op).body as Record<string, unknown>),
        [field]: 'mallory@evil.example',
      };
      const res = await call(op.path, body);
      expect(res.status).toBe(200);
      expect((forwarded()[0]!.json as Record<string, unknown>)[field]).toBe(s.email);
      // Omitting it gets it stamped too.
      s.upstream.requests.length = 0;
      const { [field]: _omitted, ...without } = body;
      expect((await call(op.path, without)).status).toBe(200);
      expect((forwarded()[0]!.json as Record<string, unknown>)[field]).toBe(s.email);
    });
  });

  describe('an error nobody expected', () => {
    it('answers 500 INTERNAL with nothing of it, and logs it with its stack and the request id', async () => {
      // Fault injection: no real input makes the gateway's own code throw.
      const proxy = s.gw.gateway.app.get(ProxyService);
      const forward = proxy.forward.bind(proxy);
      proxy.forward = () => Promise.reject(new Error('a bug in the gateway'));
      try {
        const res = await call(allSetupCall, page);
        expect(res.status).toBe(500);
        const { error } = res.json as ErrorBody;
        expect(error).toMatchObject({
          code: 'INTERNAL',
          message: 'Something went wrong in the gateway.',
        });
        expect(JSON.stringify(res.json)).not.toContain('a bug');
        const [line] = await waitFor(() => {
          const found = s.gw.logs.find(
            (l) => l.msg === 'unhandled error' && l.requestId === error.requestId,
          );
          return found.length ? found : undefined;
        });
        expect(line).toMatchObject({ level: 'error', err: { message: 'a bug in the gateway' } });
        expect((line!.err as { stack: string }).stack).toMatch(
          /^Error: a bug in the gateway\n\s+at /,
        );
      } finally {
        proxy.forward = forward;
      }
    });
  });

  describe("re-trigger's rules, enforced by the gateway too", () => {
    const reTriggered = (path: string) => s.upstream.requests.filter((r) => r.url === path);

    it.each([remOmniOps.reTrigger, metaOps.reTrigger])(
      '%s: refuses ncs_client_db_setup at the contract (400 on body.stepName), calling nothing',
      async (op: AnyOperation) => {
        const body = { ...(exampleRequest(op).body as object), stepName: 'ncs_client_db_setup' };
        const res = await call(op.path, body);
        expect(res.status).toBe(400);
        expect((res.json as ErrorBody).error.issues).toEqual([
          {
            path: ['body', 'stepName'],
            message: 'The step ncs_client_db_setup cannot be re-triggered',
          },
        ]);
        expect(s.upstream.requests).toEqual([]);
      },
    );

    it.each([
      [remOmniOps.reTrigger, WORKFLOW_READ.rem_omni, '/customer-setup/rem_omni/reTrigger'],
      [metaOps.reTrigger, WORKFLOW_READ.meta, '/customer-setup/meta/reTrigger'],
    ])(
      '%s: answers 403 FORBIDDEN unless the step is FAILED for that retailer in the current workflow, sending no re-trigger',
      async (op: AnyOperation, read: string, upstreamPath: string) => {
        const body = exampleRequest(op).body as { stepName: string; retailerId: number };
        s.upstream.otherwise((_req, res) => json(res, 200, { message: 'Re-triggered' }));
        const workflow = (rows: Parameters<typeof workflowOf>[0]) =>
          s.upstream.on(read, (_req, res) => json(res, 200, workflowOf(rows)));
        // Running, failed for another retailer, failed at another step: refused.
        for (const rows of [
          [{ stepName: body.stepName, retailerId: body.retailerId, status: 'IN_PROGRESS' }],
          [{ stepName: body.stepName, retailerId: body.retailerId + 1, status: 'FAILED' }],
          [{ stepName: 'analytics', retailerId: body.retailerId, status: 'FAILED' }],
        ]) {
          workflow(rows);
          const refused = await call(op.path, body);
          expect(refused.status).toBe(403);
          expect((refused.json as ErrorBody).error).toMatchObject({
            code: 'FORBIDDEN',
            message: 'Only a failed step can be re-triggered.',
          });
        }
        expect(reTriggered(upstreamPath)).toEqual([]);
        expect(reTriggered(read)).toHaveLength(3);
        // FAILED (in whatever case the upstream writes it): forwarded once.
        workflow([{ stepName: body.stepName, retailerId: body.retailerId, status: 'failed' }]);
        const res = await call(op.path, body);
        expect(res.status).toBe(200);
        expect(reTriggered(upstreamPath)).toHaveLength(1);
      },
    );
    it("reads the workflow as the operator, and answers 502 re-triggering nothing when that read is outside the workflow's contract", async () => {
      const body = exampleRequest(remOmniOps.reTrigger).body as object;
      s.upstream.otherwise((_req, res) => json(res, 200, { message: 'Re-triggered' }));
      s.upstream.on(WORKFLOW_READ.rem_omni, (_req, res) =>
        json(res, 200, { currentWorkflow: 'not a list' }),
      );
      const res = await call(remOmniOps.reTrigger.path, body);
      expect(res.status).toBe(502);
      expect((res.json as ErrorBody).error).toMatchObject({
        code: 'UPSTREAM_BAD_RESPONSE',
        upstream: { service: 'customer-setup', status: 200 },
      });
      expect(s.upstream.requests.map((r) => [r.url, r.headers['x-user-email']])).toEqual([
        [WORKFLOW_READ.rem_omni, s.email],
      ]);
    });
  });

  describe('contract checks before forwarding', () => {
    it('answers 400 with field paths for wrong types, unknown keys and oversized values, calling nothing', async () => {
      const res = await call(allSetupCall, {
        searchText: 'x'.repeat(101),
        limit: 'twenty',
        offset: 0,
        extra: true,
      });
      expect(res.status).toBe(400);
      const body = res.json as ErrorBody;
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.requestId).toBe(res.headers.get('x-request-id'));
      const paths = body.error.issues!.map((i) => i.path);
      expect(paths).toEqual(
        expect.arrayContaining([['body', 'searchText'], ['body', 'limit'], ['body']]),
      );
      expect(s.upstream.requests).toHaveLength(0);
    });

    it.each([
      ['..%2F..%2Fadmin', 'encoded traversal'],
      ['a.b', 'a dot'],
      ['a%00b', 'a NUL byte'],
      ['%E2%80%AE1', 'a bidi override'],
      ['1%3Fx%3D1', 'an encoded query'],
    ])('refuses the path id %s (%s) with 400 and forwards nothing', async (id) => {
      const res = await s.browser.get(`${s.gw.url}/api/proxy/llm/prompts/get/${id}`);
      expect(res.status).toBe(400);
      expect((res.json as ErrorBody).error.issues![0]!.path).toEqual(['params', 'id']);
      expect(s.upstream.requests).toHaveLength(0);
    });

    it('finds no route at a literal dot-dot segment (it climbs to another path) and forwards nothing', async () => {
      const res = await s.browser.request('GET', `${s.gw.url}/api/proxy/llm/prompts/get/..`);
      expect(res.status).toBe(404);
      expect(s.upstream.requests).toHaveLength(0);
    });

    it('refuses a query id that is not a plain integer', async () => {
      const res = await call('/api/proxy/customer-setup/rem_omni/browseNodes?setupId=1%3BDROP', {});
      expect(res.status).toBe(400);
      expect((res.json as ErrorBody).error.issues![0]!.path).toEqual(['query', 'setupId']);
      expect(s.upstream.requests).toHaveLength(0);
    });

    it('refuses undeclared query parameters and repeated ones', async () => {
      expect((await call(`${allSetupCall}?debug=1`, page)).status).toBe(400);
      expect(
        (await call('/api/proxy/customer-setup/rem_omni/browseNodes?setupId=1&setupId=2', {}))
          .status,
      ).toBe(400);
      expect(s.upstream.requests).toHaveLength(0);
    });

    it('forwards only declared operations: an undeclared path under the proxy prefix is 404', async () => {
      const res = await call('/api/proxy/customer-setup/rem_omni/dropEverything', {});
      expect(res.status).toBe(404);
      expect((res.json as ErrorBody).error.code).toBe('NOT_FOUND');
      const traversal = await s.browser.get(
        `${s.gw.url}/api/proxy/customer-setup/rem_omni/..%2F..%2Fadmin`,
      );
      expect(traversal.status).toBe(404);
      expect(s.upstream.requests).toHaveLength(0);
    });
  });

  describe('upstream faults (docs/security.md#upstream-faults)', () => {
    it('refused: 502 UPSTREAM_UNAVAILABLE within a few seconds', async () => {
      const gone = await new FaultServer().start();
      await gone.close();
      // A second gateway on the same session store, whose upstream refuses connections.
      const other = await startGateway({
        DATA_DIR: s.gw.dataDir,
        CUSTOMER_SETUP_API_URL: `${gone.url}/customer-setup`,
        OIDC_ISSUER: `${s.sandbox.url}/oidc`,
      });
      try {
        const started = Date.now();
        const res = await s.browser.post(`${other.url}${allSetupCall}`, page, {
          origin: other.url,
        });
        expect(res.status).toBe(502);
        expect((res.json as ErrorBody).error.code).toBe('UPSTREAM_UNAVAILABLE');
        expect(Date.now() - started).toBeLessThan(3000);
      } finally {
        await other.close();
      }
    });

    it('no answer by the deadline: 504 UPSTREAM_TIMEOUT and the upstream request is aborted', async () => {
      let aborted = false;
      s.upstream.on(ALL_SETUP, (req, res) => {
        res.on('close', () => (aborted = !res.writableFinished));
        const t = setTimeout(() => json(res, 200, []), 5000);
        req.socket.once('close', () => clearTimeout(t));
      });
      const started = Date.now();
      const res = await call(allSetupCall, page);
      expect(res.status).toBe(504);
      expect((res.json as ErrorBody).error.code).toBe('UPSTREAM_TIMEOUT');
      expect(Date.now() - started).toBeLessThan(4 * UPSTREAM_TIMEOUT_MS);
      await waitFor(() => aborted, { what: 'the upstream request aborted' });
    });

    it('stops a read upstream when the browser goes away, and lets a write finish', async () => {
      const ended: Record<string, boolean> = {};
      const slow = (name: string, ms: number) => (_req: unknown, res: ServerResponse) => {
        res.on('close', () => (ended[name] = res.writableFinished));
        const t = setTimeout(() => json(res, 200, { message: 'done' }), ms);
        res.on('close', () => clearTimeout(t));
      };
      s.upstream.on(ALL_SETUP, slow('read', 450));
      s.upstream.on('/customer-setup/rem_omni/refreshData', slow('write', 250));
      const leave = async (path: string, body: unknown) => {
        const controller = new AbortController();
        const sent = fetch(`${s.gw.url}${path}`, {
          method: 'POST',
          signal: controller.signal,
          headers: {
            cookie: `onboarding.sid=${s.browser.cookie('onboarding.sid')!.value}`,
            origin: s.gw.url,
            'x-requested-with': 'XMLHttpRequest',
            'content-type': 'application/json',
          },
          body: JSON.stringify(body),
        });
        // Leave once the call reached the upstream.
        await waitFor(
          () =>
            s.upstream.requests.some((r) => r.url.startsWith(path.replace(/^\/api\/proxy/, ''))),
          {
            what: `${path} upstream`,
          },
        );
        controller.abort();
        await expect(sent).rejects.toThrow();
      };
      await leave(allSetupCall, page);
      await leave(remOmniOps.refreshData.path, exampleRequest(remOmniOps.refreshData).body);
      await waitFor(() => Object.keys(ended).length === 2, { what: 'both upstream calls ended' });
      // The read was cut off upstream (and not retried); the write got its answer.
      expect(ended).toEqual({ read: false, write: true });
      expect(s.upstream.requests.filter((r) => r.url.startsWith(ALL_SETUP))).toHaveLength(1);
    });

    it('5xx: 502 UPSTREAM_ERROR, the upstream body not reflected', async () => {
      s.upstream.on(ALL_SETUP, (_req, res) =>
        json(res, 500, { message: 'NullPointerException at com.internal.Db:42' }),
      );
      const res = await call(allSetupCall, page);
      expect(res.status).toBe(502);
      const body = res.json as ErrorBody;
      expect(body.error.code).toBe('UPSTREAM_ERROR');
      expect(body.error.upstream).toEqual({ service: 'customer-setup', status: 500 });
      expect(res.text).not.toContain('NullPointer');
      s.upstream.on(ALL_SETUP, (_req, r) => {
        r.writeHead(502, { 'Content-Type': 'text/html' });
        r.end('<html><body><h1>Bad Gateway</h1><hr>nginx/1.18</body></html>');
      });
      const html = await call(allSetupCall, page);
      expect(html.status).toBe(502);
      expect(html.text).not.toMatch(/nginx|html/i);
    });

    it('503 passes through with Retry-After', async () => {
      s.upstream.otherwise((_req, res) =>
        json(res, 503, { message: 'maintenance' }, { 'Retry-After': '7' }),
      );
      const res = await call(
        remOmniOps.refreshData.path,
        exampleRequest(remOmniOps.refreshData).body,
      );
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('7');
      // A write is never retried.
      expect(s.upstream.requests).toHaveLength(1);
    });

    it('4xx with a message: same status and the sanitized message', async () => {
      s.upstream.on(ALL_SETUP, (_req, res) =>
        json(res, 409, {
          message:
            'A customer setup <b>already</b> exists,\u0007 please edit\u202e the existing setup.',
        }),
      );
      const res = await call(allSetupCall, page);
      expect(res.status).toBe(409);
      expect((res.json as ErrorBody).error.message).toBe(
        'A customer setup already exists, please edit the existing setup.',
      );
    });

    it.each([
      [
        'an HTML error page',
        (res: ServerResponse) => {
          res.writeHead(404, { 'Content-Type': 'text/html' });
          res.end('<html><body><h1>Bad Gateway</h1><script>alert(1)</script></body></html>');
        },
      ],
      [
        'an HTML 200',
        (res: ServerResponse) => {
          res.writeHead(200, { 'Content-Type': 'text/html' });
          res.end('<html>login page of some proxy</html>');
        },
      ],
      [
        'JSON cut off',
        (res: ServerResponse) => {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end('[{"setupId": 1, "clie');
        },
      ],
      [
        'a redirect',
        (res: ServerResponse) => {
          res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data' });
          res.end();
        },
      ],
      [
        'an oversized body',
        (res: ServerResponse) => {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify([{ padding: 'x'.repeat(200_000) }]));
        },
      ],
      [
        'a 400 in HTML',
        (res: ServerResponse) => {
          res.writeHead(400, { 'Content-Type': 'text/html' });
          res.end('<h1>Bad Request</h1>');
        },
      ],
    ])('%s: 502 UPSTREAM_BAD_RESPONSE with nothing of it reflected', async (_label, answer) => {
      s.upstream.on(ALL_SETUP, (_req, res) => answer(res));
      const res = await call(allSetupCall, page);
      expect(res.status).toBe(502);
      expect((res.json as ErrorBody).error.code).toBe('UPSTREAM_BAD_RESPONSE');
      expect(res.text).not.toMatch(/html|script|169\.254|padding|clie/i);
    });

    it('JSON outside the contract: 502 UPSTREAM_CONTRACT_MISMATCH with no detail; paths logged, no values', async () => {
      s.upstream.on(ALL_SETUP, (_req, res) =>
        json(res, 200, [{ setupId: 'secret-value-1', clientName: 5 }]),
      );
      const res = await call(allSetupCall, page);
      expect(res.status).toBe(502);
      const body = res.json as ErrorBody;
      expect(body.error).toMatchObject({
        code: 'UPSTREAM_CONTRACT_MISMATCH',
        message: 'The service answered in an unexpected shape.',
        upstream: { service: 'customer-setup', status: 200 },
      });
      expect(body.error.issues).toBeUndefined();
      expect(res.text).not.toMatch(/setupId|clientName|secret-value/);
      const logged = s.gw.logs.find((l) => l.msg === 'upstream answer does not match the contract');
      expect(JSON.stringify(logged)).toContain('setupId');
      expect(JSON.stringify(logged)).not.toContain('secret-value-1');
    });

    it('counts each forwarded call by its outcome and times it in seconds (metrics port)', async () => {
      /** The customer-setup series: calls by outcome, and the durations' count and sum. */
      const read = async () => {
        const scraped = await scrape(`http://127.0.0.1:${metricsPort}/metrics`);
        const calls = (outcome: string) =>
          scraped.value('onboarding_gateway_upstream_calls_total', {
            service: 'customer-setup',
            outcome,
          }) ?? 0;
        const duration = (suffix: string) =>
          scraped.value(`onboarding_gateway_upstream_call_duration_seconds_${suffix}`, {
            service: 'customer-setup',
          }) ?? 0;
        return {
          ok: calls('ok'),
          mismatch: calls('contract_mismatch'),
          timed: duration('count'),
          seconds: duration('sum'),
        };
      };
      const before = await read();
      s.upstream.on(ALL_SETUP, (_req, res) => json(res, 200, exampleResponse(remOmniOps.allSetup)));
      expect((await call(allSetupCall, page)).status).toBe(200);
      s.upstream.on(ALL_SETUP, (_req, res) => json(res, 200, [{ setupId: 'not a number' }]));
      expect((await call(allSetupCall, page)).status).toBe(502);
      const after = await read();
      expect([
        after.ok - before.ok,
        after.mismatch - before.mismatch,
        after.timed - before.timed,
      ]).toEqual([1, 1, 2]);
      // Two local calls: well under a second together, and more than nothing.
      expect(after.seconds - before.seconds).toBeGreaterThan(0);
      expect(after.seconds - before.seconds).toBeLessThan(2);
    });

    it('answers with what the contract names: fields the upstream adds are dropped', async () => {
      const rows = exampleResponse(remOmniOps.allSetup) as Record<string, unknown>[];
      const extra = rows.map((r) => ({ ...r, internalNote: 'not for browsers', _links: {} }));
      s.upstream.on(ALL_SETUP, (_req, res) => json(res, 200, extra));
      const res = await call(allSetupCall, page);
      expect(res.status).toBe(200);
      expect(res.json).toEqual(rows);
      expect(res.text).not.toMatch(/internalNote|_links/);
    });

    it.each([401, 403])(
      'an upstream %i is the gateway credentials failing: 502 UPSTREAM_AUTH, the operator stays signed in',
      async (status) => {
        s.upstream.on(ALL_SETUP, (_req, res) => json(res, status, { message: 'bad token xyz' }));
        const res = await call(allSetupCall, page);
        expect(res.status).toBe(502);
        expect((res.json as ErrorBody).error.code).toBe('UPSTREAM_AUTH');
        expect(res.text).not.toContain('xyz');
        s.upstream.on(ALL_SETUP, (_req, r) => json(r, 200, []));
        expect((await call(allSetupCall, page)).status).toBe(200);
      },
    );

    it('an upstream 429 passes through with its Retry-After and message', async () => {
      s.upstream.on(ALL_SETUP, (_req, res) =>
        json(res, 429, { message: 'Slow down' }, { 'Retry-After': '12' }),
      );
      const res = await call(allSetupCall, page);
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('12');
      expect((res.json as ErrorBody).error.message).toBe('Slow down');
    });

    it('retries a declared idempotent read once when the connection drops', async () => {
      let n = 0;
      s.upstream.on(ALL_SETUP, (req, res) => {
        n += 1;
        if (n === 1) req.socket.destroy();
        else json(res, 200, []);
      });
      const res = await call(allSetupCall, page);
      expect(res.status).toBe(200);
      expect(n).toBe(2);
    });

    it('never retries a write', async () => {
      s.upstream.otherwise((req) => req.socket.destroy());
      const res = await call(
        remOmniOps.refreshData.path,
        exampleRequest(remOmniOps.refreshData).body,
      );
      expect(res.status).toBe(502);
      expect((res.json as ErrorBody).error.code).toBe('UPSTREAM_UNAVAILABLE');
      expect(s.upstream.requests).toHaveLength(1);
    });
  });

  describe('audit', () => {
    it('writes one audit line per state-changing call: who, operation, ids, outcome', async () => {
      s.upstream.otherwise((_req, res) => json(res, 200, { message: 'Done' }));
      const before = s.gw.logs.find((l) => l.audit === true).length;
      await call(remOmniOps.refreshData.path, exampleRequest(remOmniOps.refreshData).body);
      await call(allSetupCall, page);
      const lines = s.gw.logs.find((l) => l.audit === true).slice(before);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        msg: 'audit',
        user: s.email,
        operation: 'rem_omni.refreshData',
        outcome: 'success',
        status: 200,
      });
      expect(lines[0]!.ids).toMatchObject({
        setupId: expect.anything(),
        clientId: expect.anything(),
      });
      expect(typeof lines[0]!.requestId).toBe('string');
    });

    it("carries the caller's own request id beside the gateway's, as every line of the request does", async () => {
      s.upstream.otherwise((_req, res) => json(res, 200, { message: 'Done' }));
      const before = s.gw.logs.find((l) => l.audit === true).length;
      const res = await call(
        remOmniOps.refreshData.path,
        exampleRequest(remOmniOps.refreshData).body,
        { 'X-Request-Id': 'mine-0123456789' },
      );
      const [line] = s.gw.logs.find((l) => l.audit === true).slice(before);
      expect(line).toMatchObject({
        requestId: res.headers.get('x-request-id'),
        clientRequestId: 'mine-0123456789',
      });
    });

    it("names only the operation's declared ids, from the validated request: invented …Id fields of a refused call write none", async () => {
      const before = s.gw.logs.find((l) => l.audit === true).length;
      const invented = Object.fromEntries(
        Array.from({ length: 40 }, (_, i) => [`invented${i}Id`, 'x'.repeat(4000)]),
      );
      const refused = await call(remOmniOps.reTrigger.path, {
        ...(exampleRequest(remOmniOps.reTrigger).body as object),
        ...invented,
        nested: { deepId: 'y'.repeat(4000) },
      });
      expect(refused.status).toBe(400);
      const [line, ...more] = s.gw.logs.find((l) => l.audit === true).slice(before);
      expect(more).toEqual([]);
      expect(line).toMatchObject({
        operation: 'rem_omni.reTrigger',
        outcome: 'failure',
        status: 400,
      });
      expect(line!.ids).toEqual({});
      expect(JSON.stringify(line).length).toBeLessThan(1000);
    });
  });
});
