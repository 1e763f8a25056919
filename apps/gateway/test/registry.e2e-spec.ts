import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type AnyOperation, buildPath, OPERATIONS, upstreamPath } from '@onboarding/contracts';
import { exampleRequest, exampleResponse } from '@onboarding/contracts/testing';
import { Browser } from '@onboarding/test-support';
import { json } from './support/fault-server.js';
import { startFaultStack, type FaultStack } from './support/stack.js';

const PROXIED = OPERATIONS.filter((op) => op.service !== 'gateway');

function gatewayUrl(base: string, op: AnyOperation): string {
  const example = exampleRequest(op);
  const query = example.query ? `?${new URLSearchParams(example.query).toString()}` : '';
  return `${base}${buildPath(op.path, example.params)}${query}`;
}

function send(browser: Browser, base: string, op: AnyOperation) {
  const example = exampleRequest(op);
  const body = op.method === 'POST' || op.method === 'PUT' ? (example.body ?? {}) : undefined;
  return browser.request(op.method, gatewayUrl(base, op), body === undefined ? {} : { json: body });
}

/** The contracts are the registry: every declared call is mounted, guarded and documented. */
describe('every contract operation', () => {
  let s: FaultStack;
  beforeAll(async () => {
    s = await startFaultStack();
    for (const op of PROXIED) {
      const base = op.service === 'llm' ? '/llm' : '/customer-setup';
      s.upstream.on(
        `${base}${buildPath(upstreamPath(op), exampleRequest(op).params)}`,
        (_req, res) => json(res, 200, exampleResponse(op)),
      );
    }
  });
  afterAll(async () => {
    await s.close();
  });

  it('covers the spec: 48 calls plus logout, the five fleet reads, the six watch calls and the six views calls', () => {
    expect(OPERATIONS).toHaveLength(66);
    expect(PROXIED).toHaveLength(46);
  });

  it.each(PROXIED.map((op) => [op.id, op] as const))(
    '%s answers 401 without a session and calls nothing',
    async (_id, op) => {
      const before = s.upstream.requests.length;
      const res = await send(new Browser(s.gw.url), s.gw.url, op);
      expect(res.status).toBe(401);
      expect((res.json as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
      expect(s.upstream.requests.length).toBe(before);
    },
  );

  /** Sends the operation's example: its answer, and the method and path of each upstream call. */
  async function forward(op: AnyOperation) {
    const before = s.upstream.requests.length;
    const res = await send(s.browser, s.gw.url, op);
    const forwarded = s.upstream.requests
      .slice(before)
      .map((r) => ({ method: r.method, path: r.url.split('?')[0] }));
    const base = op.service === 'llm' ? '/llm' : '/customer-setup';
    const own = {
      method: op.method,
      path: `${base}${buildPath(upstreamPath(op), exampleRequest(op).params)}`,
    };
    return { res, forwarded, own };
  }

  it.each(PROXIED.filter((op) => op.name !== 'reTrigger').map((op) => [op.id, op] as const))(
    '%s is mounted and forwarded to its upstream path',
    async (_id, op) => {
      const { res, forwarded, own } = await forward(op);
      expect(res.status).toBe(200);
      expect(res.json).toEqual(exampleResponse(op));
      expect(forwarded).toEqual([own]);
    },
  );

  // Re-trigger's rules: the gateway reads the setup's workflow first.
  it.each(PROXIED.filter((op) => op.name === 'reTrigger').map((op) => [op.id, op] as const))(
    "%s is mounted and forwarded to its upstream path after a read of the setup's workflow",
    async (_id, op) => {
      const { res, forwarded, own } = await forward(op);
      expect(res.status).toBe(200);
      expect(res.json).toEqual(exampleResponse(op));
      expect(forwarded).toEqual([
        { method: expect.any(String), path: expect.stringMatching(/\/(worflow|workflow)Data$/) },
        own,
      ]);
    },
  );

  const ALL_SETUP = '/api/proxy/customer-setup/rem_omni/allSetup';
  it.each([
    ['another letter case', 'POST', ALL_SETUP.toUpperCase()],
    ['another letter case of the prefix', 'POST', ALL_SETUP.replace('/api/', '/Api/')],
    ['a trailing slash', 'POST', `${ALL_SETUP}/`],
    ['an undeclared method', 'PUT', ALL_SETUP],
    ['an undeclared path', 'POST', '/api/proxy/customer-setup/rem_omni/dropAll'],
  ])('finds nothing at %s and calls nothing, signed in or not', async (_what, method, path) => {
    const before = s.upstream.requests.length;
    for (const browser of [s.browser, new Browser(s.gw.url)]) {
      const res = await browser.request(method, `${s.gw.url}${path}`, {
        json: { searchText: '', limit: 1, offset: 0 },
      });
      expect([401, 404]).toContain(res.status);
      expect((res.json as { error: { code: string } }).error.code).toMatch(
        /^(NOT_FOUND|UNAUTHENTICATED)$/,
      );
    }
    expect(s.upstream.requests.length).toBe(before);
  });

  it.each([
    ['POST', '/API/sso/logout'],
    ['POST', '/api/sso/logout/'],
  ])(
    'reaches no gateway route at %s %s, which the API defences would not cover',
    async (method, path) => {
      const res = await new Browser(s.gw.url).request(method, `${s.gw.url}${path}`, { json: {} });
      expect(res.status).toBe(404);
      expect((res.json as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    },
  );

  it('decodes path parameters and refuses one that climbs out of its segment', async () => {
    const before = s.upstream.requests.length;
    const res = await s.browser.request('GET', `${s.gw.url}/api/proxy/llm/prompts/get/..%2Fadmin`);
    expect(res.status).toBe(400);
    expect((res.json as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    expect(s.upstream.requests.length).toBe(before);
  });

  describe('in the API docs', () => {
    let doc: {
      paths: Record<string, Record<string, Record<string, unknown>>>;
      tags: { name: string }[];
    };
    beforeAll(async () => {
      const res = await fetch(`${s.gw.url}/api/docs-json`);
      expect(res.status).toBe(200);
      doc = (await res.json()) as typeof doc;
    });

    it.each(OPERATIONS.map((op) => [op.id, op] as const))(
      '%s appears with its summary, tag and schemas',
      (_id, op) => {
        const path = op.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
        const entry = doc.paths[path]?.[op.method.toLowerCase()];
        expect(entry).toBeDefined();
        expect(entry!.operationId).toBe(op.id);
        expect(entry!.summary).toBe(op.summary);
        expect((entry!.tags as string[]).length).toBe(1);
        const responses = entry!.responses as Record<
          string,
          { content?: Record<string, { schema: unknown }> }
        >;
        // The watch's stream answers Server-Sent Events; every other operation JSON.
        const type = op.id === 'watch.stream' ? 'text/event-stream' : 'application/json';
        expect(responses['200']!.content![type]!.schema).toBeTruthy();
        const parameters = (entry!.parameters ?? []) as {
          name: string;
          in: string;
          schema: unknown;
        }[];
        for (const [where, schema] of [
          ['path', op.params],
          ['query', op.query],
        ] as const) {
          if (!schema) continue;
          const declared = Object.keys(
            (schema as unknown as { shape: Record<string, unknown> }).shape,
          );
          for (const name of declared) {
            expect(parameters).toContainEqual(
              expect.objectContaining({ name, in: where, schema: expect.anything() }),
            );
          }
        }
      },
    );

    it.each(
      OPERATIONS.filter((op) => op.body && (op.method === 'POST' || op.method === 'PUT')).map(
        (op) => [op.id, op] as const,
      ),
    )('%s documents its JSON request body', (_id, op) => {
      const path = op.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const body = doc.paths[path]?.[op.method.toLowerCase()]?.requestBody as
        { content: Record<string, { schema: { type?: string } }> } | undefined;
      expect(body?.content['application/json']?.schema).toBeTruthy();
    });

    it('groups the operations by module', () => {
      expect(doc.tags.map((t) => t.name)).toEqual(
        expect.arrayContaining([
          'Session and sign-in',
          'Category leaderboard setups (rem_omni)',
          'Per-product setups (meta)',
          'Products and steps (product_register)',
          'Prompts (LLM service)',
          'Legacy customer setups',
        ]),
      );
    });

    it('serves Swagger UI at /api/docs under a CSP without inline script', async () => {
      const res = await fetch(`${s.gw.url}/api/docs`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('swagger-ui');
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      // Every script of the page is an external file from the gateway itself.
      const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attrs, inline] of scripts) {
        expect(attrs).toMatch(/src="/);
        expect(inline!.trim()).toBe('');
      }
      const init = await fetch(`${s.gw.url}/api/docs/swagger-ui-init.js`);
      expect(init.status).toBe(200);
    });
  });
});
