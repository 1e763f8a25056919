import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import {
  type SpawnedGateway,
  spawnGateway,
  startGateway,
  type TestGateway,
} from './support/gateway.js';
import { freePort, waitFor } from '@onboarding/test-support';
import { startSandbox, type RunningSandbox } from './support/sandbox.js';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  json: unknown;
  /** The local port of the connection it went over: the same port is the same socket. */
  socketPort: number | undefined;
}

/**
 * A stand-in for a reverse proxy: one kept-alive connection to the gateway that carries every
 * client's requests, each with the X-Forwarded-For the proxy writes (or a client forged).
 */
class ProxyConnection {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1, maxFreeSockets: 1 });
  constructor(private readonly origin: string) {}

  post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const payload = Buffer.from(JSON.stringify(body));
    const url = new URL(path, this.origin);
    return new Promise((resolve, reject) => {
      const req = http.request(
        url,
        {
          method: 'POST',
          agent: this.agent,
          headers: {
            origin: this.origin,
            'x-requested-with': 'XMLHttpRequest',
            'content-type': 'application/json',
            'content-length': String(payload.length),
            ...headers,
          },
        },
        (res) => {
          const socketPort = res.socket.localPort;
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              json: text ? (JSON.parse(text) as unknown) : undefined,
              socketPort,
            });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** getAuthUrl for a client at `forwardedFor` (undefined: no header at all). */
  signIn(forwardedFor: string | undefined, headers: Record<string, string> = {}): Promise<Answer> {
    return this.post(
      '/api/sso/getAuthUrl',
      { currentUrl: '/', email: 'someone@example.com' },
      forwardedFor === undefined ? headers : { ...headers, 'x-forwarded-for': forwardedFor },
    );
  }

  close(): void {
    this.agent.destroy();
  }
}

const LIMIT = 3;

describe('client addresses behind a trusted proxy (TRUST_PROXY_HOPS)', () => {
  let sandbox: RunningSandbox;
  let direct: TestGateway;
  // Its own process: request ids and client addresses are logged by one pino-http a process
  // (docs/testing.md#logs-in-tests).
  let behindProxy: SpawnedGateway;

  beforeAll(async () => {
    const ports = [await freePort(), await freePort()];
    sandbox = await startSandbox(ports.map((p) => `http://127.0.0.1:${p}`));
    const env = {
      OIDC_ISSUER: `${sandbox.url}/oidc`,
      RATE_LIMIT_SIGN_IN_PER_MIN: String(LIMIT),
    };
    direct = await startGateway(env, { port: ports[0] });
    behindProxy = await spawnGateway({ ...env, TRUST_PROXY_HOPS: '1' }, ports[1]);
  });
  afterAll(async () => {
    await direct?.close();
    behindProxy?.kill();
    await behindProxy?.exited;
    await sandbox?.close();
  });

  it('with one trusted proxy, gives two clients behind the same proxy connection separate sign-in budgets', async () => {
    const proxy = new ProxyConnection(behindProxy.url);
    try {
      const alice: Answer[] = [];
      for (let i = 0; i < LIMIT + 1; i++) alice.push(await proxy.signIn('203.0.113.10'));
      expect(alice.map((a) => a.status)).toEqual([...Array<number>(LIMIT).fill(200), 429]);
      expect((alice[LIMIT]!.json as { error: { code: string } }).error.code).toBe('RATE_LIMITED');

      const bob = await proxy.signIn('203.0.113.20');
      expect(bob.status).toBe(200);
      // Alice cannot pass for someone else by writing her own X-Forwarded-For entries: only
      // the one the proxy appended counts.
      expect((await proxy.signIn('203.0.113.20, 203.0.113.10')).status).toBe(429);
      expect((await proxy.signIn('203.0.113.10')).status).toBe(429);
      // One socket carried them all.
      expect(new Set([...alice, bob].map((a) => a.socketPort)).size).toBe(1);
    } finally {
      proxy.close();
    }
  });

  it('with no trusted proxy (the default), a forged X-Forwarded-For buys no fresh sign-in budget', async () => {
    const client = new ProxyConnection(direct.url);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 2; i++)
        statuses.push((await client.signIn(`198.51.100.${i + 1}`)).status);
      expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429, 429]);
      expect((await client.signIn(undefined)).status).toBe(429);
    } finally {
      client.close();
    }
  });

  it('with one trusted proxy, still takes redirect targets, the origin check and the cookie flags from PUBLIC_URL', async () => {
    const proxy = new ProxyConnection(behindProxy.url);
    const forged = {
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-port': '443',
      forwarded: 'for=203.0.113.30;host=evil.example;proto=https',
    };
    try {
      const start = await proxy.signIn('203.0.113.30', forged);
      expect(start.status).toBe(200);
      const authUrl = new URL(start.json as string);
      expect(authUrl.searchParams.get('redirect_uri')).toBe(`${behindProxy.url}/api/sso/callback`);
      // http://127.0.0.1 is local development: the cookie is not Secure, whatever the proxy says.
      const cookie = String(start.headers['set-cookie']);
      expect(cookie).toMatch(/^onboarding\.sid=/);
      expect(cookie).not.toMatch(/;\s*secure/i);

      const crossSite = await proxy.signIn('203.0.113.31', {
        ...forged,
        origin: 'https://evil.example',
      });
      expect(crossSite.status).toBe(403);
    } finally {
      proxy.close();
    }
  });

  it('logs the forwarded client address behind a trusted proxy, and the socket peer otherwise', async () => {
    const proxy = new ProxyConnection(behindProxy.url);
    const client = new ProxyConnection(direct.url);
    try {
      const viaProxy = await proxy.post(
        '/api/sso/logout',
        {},
        { 'x-forwarded-for': '203.0.113.40' },
      );
      const forged = await client.post(
        '/api/sso/logout',
        {},
        { 'x-forwarded-for': '203.0.113.41' },
      );
      // The line is written once the answer is finished: wait for it.
      const lineOf = (lines: () => Record<string, unknown>[], answer: Answer) =>
        waitFor(
          async () =>
            Promise.resolve(
              lines().find(
                (l) =>
                  l.requestId === answer.headers['x-request-id'] && l.msg === 'request completed',
              ),
            ),
          { what: 'the request line' },
        );
      expect(await lineOf(() => behindProxy.logLines(), viaProxy)).toMatchObject({
        req: { method: 'POST', path: '/api/sso/logout', remoteAddress: '203.0.113.40' },
      });
      const directLine = await lineOf(() => direct.logs.lines, forged);
      expect(directLine.req).toMatchObject({
        remoteAddress: expect.stringMatching(/127\.0\.0\.1$/),
      });
      expect(JSON.stringify(direct.logs.lines)).not.toContain('203.0.113.41');
    } finally {
      proxy.close();
      client.close();
    }
  });
});
