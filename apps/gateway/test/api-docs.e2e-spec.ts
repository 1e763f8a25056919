import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Browser, freePort, signIn } from '@onboarding/test-support';
import { startGateway, type TestGateway } from './support/gateway.js';
import { startSandbox, type RunningSandbox } from './support/sandbox.js';

/** Swagger UI's page, one of its assets, and the OpenAPI document. */
const DOCS = ['/api/docs', '/api/docs/swagger-ui-init.js', '/api/docs-json'];
const MODES = ['open', 'session', 'off'] as const;

const codeOf = (json: unknown) => (json as { error?: { code?: string } }).error?.code;

/** One gateway per API_DOCS mode, on one sandbox; an operator signed in on each. */
describe('API docs access (API_DOCS)', () => {
  let sandbox: RunningSandbox;
  const gateways = {} as Record<(typeof MODES)[number], { gw: TestGateway; browser: Browser }>;

  beforeAll(async () => {
    const ports = await Promise.all(MODES.map(() => freePort()));
    sandbox = await startSandbox(ports.map((port) => `http://127.0.0.1:${port}`));
    for (const [i, mode] of MODES.entries()) {
      const gw = await startGateway(
        { API_DOCS: mode, OIDC_ISSUER: `${sandbox.url}/oidc` },
        { port: ports[i]! },
      );
      gateways[mode] = { gw, browser: (await signIn(gw.url, `${mode}@example.com`)).browser };
    }
  }, 60_000);

  afterAll(async () => {
    for (const { gw } of Object.values(gateways)) await gw.close();
    await sandbox?.close();
  });

  it.each(DOCS)('open: serves %s to anyone', async (path) => {
    const res = await fetch(`${gateways.open.gw.url}${path}`);
    expect(res.status).toBe(200);
  });

  it.each(DOCS)(
    'session: answers %s without a session with the 401 of any API call',
    async (path) => {
      const { gw } = gateways.session;
      const res = await fetch(`${gw.url}${path}`);
      const body = (await res.json()) as { error: { code: string; requestId: string } };
      expect(res.status).toBe(401);
      expect(body.error).toMatchObject({
        code: 'UNAUTHENTICATED',
        message: 'Sign in to continue.',
      });
      const api = await fetch(`${gw.url}/api/config`);
      expect(api.status).toBe(401);
      expect(Object.keys(body.error).sort()).toEqual(
        Object.keys(((await api.json()) as { error: object }).error).sort(),
      );
    },
  );

  it.each(DOCS)('session: serves %s to a signed-in operator', async (path) => {
    const { gw, browser } = gateways.session;
    const res = await browser.get(`${gw.url}${path}`);
    expect(res.status).toBe(200);
  });

  it('session: serves the OpenAPI document itself to a signed-in operator', async () => {
    const { gw, browser } = gateways.session;
    const res = await browser.get(`${gw.url}/api/docs-json`);
    expect((res.json as { openapi: string }).openapi).toBe('3.1.0');
  });

  it.each(DOCS)('off: answers %s with 404 NOT_FOUND to a signed-in operator', async (path) => {
    const { gw, browser } = gateways.off;
    const res = await browser.get(`${gw.url}${path}`);
    expect(res.status).toBe(404);
    expect(codeOf(res.json)).toBe('NOT_FOUND');
  });

  it.each(DOCS)('off: answers %s without a session as an unknown API path', async (path) => {
    const { gw } = gateways.off;
    const docs = await fetch(`${gw.url}${path}`);
    const unknown = await fetch(`${gw.url}/api/no-such-path`);
    expect(docs.status).toBe(unknown.status);
    expect(codeOf(await docs.json())).toBe(codeOf(await unknown.json()));
  });
});
