import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { selfSignedCertificate, tempDir, waitFor } from '@onboarding/test-support';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import {
  composeConfig,
  type ComposeConfig,
  publishedPorts,
  serviceEnv,
} from './support/compose.js';
import { Dockerfile } from './support/dockerfile.js';
import { builtWebApp } from './support/web-app.js';
import { webTemplateVars } from './support/images.js';
import { type RunningNginx, runTlsScript, startNginx } from './support/nginx.js';
import { COMPOSE_FILE, DOCKER_DIR } from './support/paths.js';
import { ensureDebianBinary } from './support/processes.js';

const HSTS = 'max-age=31536000; includeSubDomains';
const TLS_COMPOSE_FILE = path.join(DOCKER_DIR, 'compose.tls.yaml');

/**
 * The gateway's place behind nginx: any /api answer is JSON with what nginx passed on, and the
 * failure watch's stream sends an event each time the test calls `send`. The stream sends no
 * X-Accel-Buffering (the real gateway does), so the test sees nginx's own handling of it.
 */
async function standInGateway() {
  const streams: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    if (req.url === '/api/watch/stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      res.write('event: state\ndata: {"latest":0}\n\n');
      streams.push(res);
      return;
    }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(
        JSON.stringify({
          method: req.method,
          path: req.url,
          body,
          requestId: req.headers['x-request-id'],
          forwardedFor: req.headers['x-forwarded-for'],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    streams,
    send: (n: number) => {
      for (const s of streams) s.write(`id: ${n}\ndata: {"n":${n}}\n\n`);
    },
    close: async () => {
      for (const s of streams) s.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  /** As it came on the wire: not decompressed. */
  body: Buffer;
}

/** Response headers as one string each, HTTP/2 pseudo-headers left out. */
function plainHeaders(headers: http.IncomingHttpHeaders | http2.IncomingHttpHeaders) {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !name.startsWith(':'))
      .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
  );
}

/** One request on an HTTP/2 session, its body collected. */
function h2Request(
  session: http2.ClientHttp2Session,
  headers: http2.OutgoingHttpHeaders,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = session.request(headers, { endStream: body === undefined });
    if (body !== undefined) req.end(body);
    const chunks: Buffer[] = [];
    let response: http2.IncomingHttpHeaders = {};
    req.on('response', (h) => (response = h));
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () =>
      resolve({
        status: Number(response[':status']),
        headers: plainHeaders(response),
        body: Buffer.concat(chunks),
      }),
    );
    req.on('error', reject);
  });
}

/** A GET over HTTP/1.1 (plain, or TLS without ALPN h2), its body as sent. */
function h1Get(url: string, headers: Record<string, string>, ca?: string): Promise<Answer> {
  const get = url.startsWith('https:') ? https.get : http.get;
  return new Promise((resolve, reject) => {
    get(url, { headers, ...(ca ? { ca, agent: false } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: plainHeaders(res.headers),
          body: Buffer.concat(chunks),
        }),
      );
    }).on('error', reject);
  });
}

/**
 * What differs between two answers to the same request by design: the date, the request id and
 * HTTP/1.1's own connection headers (HTTP/2 has none; it frames the body itself).
 */
const PER_ANSWER = new Set([
  'date',
  'x-request-id',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);
const comparable = (a: Answer) => ({
  status: a.status,
  headers: Object.fromEntries(Object.entries(a.headers).filter(([n]) => !PER_ANSWER.has(n))),
});

/** A TLS handshake with these client options: what was agreed, or why it failed. */
function handshake(port: number, ca: string, options: tls.ConnectionOptions = {}) {
  return new Promise<
    | {
        protocol: string | null;
        cipher: string;
        reused: boolean;
        ticket: Buffer | undefined;
        session: Buffer | undefined;
        error?: undefined;
      }
    | { error: string }
  >((resolve) => {
    const socket = tls.connect({
      host: '127.0.0.1',
      port,
      ca,
      servername: 'localhost',
      ...options,
    });
    let session: Buffer | undefined;
    socket.on('session', (s: Buffer) => (session = s));
    socket.once('secureConnect', () => {
      const agreed = {
        protocol: socket.getProtocol(),
        cipher: socket.getCipher().standardName,
        reused: socket.isSessionReused(),
        ticket: socket.getTLSTicket(),
      };
      // TLS 1.3 hands its session over after the handshake: an HTTP request and its answer
      // make sure it has arrived.
      socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
      socket.on('data', () => undefined);
      socket.once('end', () => resolve({ ...agreed, session: session ?? socket.getSession() }));
    });
    socket.once('error', (e) => resolve({ error: e.message }));
  });
}

/**
 * The web image's nginx with a certificate (NGINX_TLS_CERT, NGINX_TLS_KEY): its template and its
 * TLS entrypoint script, as the image runs them, with Debian's nginx 1.22 (the listen parameter
 * form of HTTP/2; the image's 1.28 gets `http2 on;`, checked on the script's output below).
 */
describe('the web image over HTTPS: HTTP/2 beside plain HTTP, one site', () => {
  const dockerfile = Dockerfile.read();
  let compose: ComposeConfig;
  let certDir: string;
  let cert: { cert: string; key: string };
  let ca: string;
  let webRoot: string;
  let indexHtml: string;
  let asset: string;
  let gateway: Awaited<ReturnType<typeof standInGateway>>;
  let nginx: RunningNginx;
  let session: http2.ClientHttp2Session;

  beforeAll(async () => {
    ({ webRoot, indexHtml, asset, compose } = builtWebApp());
    certDir = tempDir('docker-test-tls-');
    cert = selfSignedCertificate(certDir, ensureDebianBinary('openssl', 'openssl'));
    ca = fs.readFileSync(cert.cert, 'utf8');
    gateway = await standInGateway();
    nginx = await startNginx(
      webTemplateVars(
        dockerfile,
        compose,
        {},
        {
          NGINX_WEB_ROOT: webRoot,
          GATEWAY_SERVERS: `server 127.0.0.1:${gateway.port};`,
          NGINX_HSTS: HSTS,
          NGINX_TLS_CERT: cert.cert,
          NGINX_TLS_KEY: cert.key,
        },
      ),
    );
    session = http2.connect(nginx.tlsUrl!, { ca, servername: 'localhost' });
    await new Promise<void>((resolve, reject) => {
      session.once('connect', () => resolve());
      session.once('error', reject);
    });
  }, 120_000);

  afterAll(async () => {
    session?.close();
    await nginx?.stop();
    await gateway?.close();
    if (webRoot) fs.rmSync(path.dirname(webRoot), { recursive: true, force: true });
    if (certDir) fs.rmSync(certDir, { recursive: true, force: true });
  });

  it('serves the app over HTTP/2 (ALPN h2) with the same Cache-Control, gzip and security headers as plain HTTP/1.1', async () => {
    expect(session.alpnProtocol).toBe('h2');
    const gzip = { 'accept-encoding': 'gzip' };
    const list = fs.readFileSync(path.join(webRoot, 'pages/remOmniSeeAll.html'));
    const bodies = new Map<string, Buffer>();
    for (const [p, headers, expected] of [
      ['/', {}, { 'cache-control': 'no-cache' }],
      ['/rem_omni/see_all?search=acme', {}, { 'cache-control': 'no-cache' }],
      ['/rem_omni/see_all', gzip, { 'cache-control': 'no-cache', 'content-encoding': 'gzip' }],
      [
        asset,
        gzip,
        { 'cache-control': 'public, max-age=31536000, immutable', 'content-encoding': 'gzip' },
      ],
      ['/assets/index-00000000.js', {}, {}],
    ] as const) {
      const overH2 = await h2Request(session, { ':path': p, ...headers });
      const overH1 = await h1Get(`${nginx.url}${p}`, headers);
      expect({ p, ...comparable(overH2) }).toEqual({ p, ...comparable(overH1) });
      expect(overH2.headers).toMatchObject({
        ...expected,
        'strict-transport-security': HSTS,
        'x-content-type-options': 'nosniff',
        'content-security-policy': expect.stringContaining("default-src 'self'"),
      });
      expect([p, overH2.body.equals(overH1.body)]).toEqual([p, true]);
      bodies.set(p, overH2.body);
    }
    // The build's own .gz for the asset, the route's page for the list.
    expect(bodies.get(asset)?.equals(fs.readFileSync(path.join(webRoot, `${asset}.gz`)))).toBe(
      true,
    );
    expect(bodies.get('/rem_omni/see_all?search=acme')?.equals(list)).toBe(true);
    // Logged as HTTP/2 over https, the plain port's requests as HTTP/1.1 over http.
    await waitFor(() => nginx.accessLog().filter((l) => l.path === asset).length >= 2, {
      what: "the asset's access lines",
    });
    const lines = nginx.accessLog().filter((l) => l.path === asset);
    expect(lines.map((l) => [l.protocol, l.scheme]).sort()).toEqual([
      ['HTTP/1.1', 'http'],
      ['HTTP/2.0', 'https'],
    ]);
  });

  it('answers an HTTP/1.1 client over TLS (no ALPN h2) and keeps plain HTTP for the health check', async () => {
    const overTls = await h1Get(`${nginx.tlsUrl}/`, {}, ca);
    const plain = await h1Get(`${nginx.url}/`, {});
    expect(comparable(overTls)).toEqual(comparable(plain));
    expect(overTls.body.toString()).toBe(indexHtml);
    const health = await h1Get(`${nginx.url}/healthz`, {});
    expect([health.status, health.body.toString()]).toEqual([200, 'ok\n']);
  });

  it("passes /api on to the gateway over HTTP/2 as over HTTP/1.1: reads and writes, nginx's request id, the client address", async () => {
    const read = await h2Request(session, { ':path': '/api/config?x=1' });
    expect(read.status).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    const seen = JSON.parse(read.body.toString()) as Record<string, string>;
    expect(seen).toMatchObject({
      method: 'GET',
      path: '/api/config?x=1',
      forwardedFor: '127.0.0.1',
    });
    expect(seen.requestId).toMatch(/^[0-9a-f]{32}$/);
    // A write goes through nginx's write location (never retried) with its body.
    const write = await h2Request(
      session,
      { ':method': 'PUT', ':path': '/api/proxy/llm/prompts/7', 'content-type': 'application/json' },
      '{"promptText":"v2"}',
    );
    expect(write.status).toBe(200);
    expect(JSON.parse(write.body.toString())).toMatchObject({
      method: 'PUT',
      path: '/api/proxy/llm/prompts/7',
      body: '{"promptText":"v2"}',
    });
  });

  it('passes the failure watch stream on over HTTP/2 as each event comes: unbuffered, uncompressed', async () => {
    const req = session.request({ ':path': '/api/watch/stream', 'accept-encoding': 'gzip' });
    let response: http2.IncomingHttpHeaders = {};
    let received = '';
    req.on('response', (h) => (response = h));
    req.setEncoding('utf8');
    req.on('data', (c: string) => (received += c));
    try {
      // Each small event arrives while the gateway holds the stream open: a buffer on the way
      // (gzip's, were the stream compressed) would keep them until it filled or the stream ended.
      await waitFor(() => received.includes('event: state'), { what: 'the first event' });
      expect(response[':status']).toBe(200);
      expect(response['content-type']).toBe('text/event-stream');
      expect(response['content-encoding']).toBeUndefined();
      for (const n of [1, 2]) {
        gateway.send(n);
        await waitFor(() => received.includes(`data: {"n":${n}}`), { what: `event ${n}` });
      }
      expect(gateway.streams.every((s) => !s.writableEnded)).toBe(true);
    } finally {
      req.close();
    }
  });

  it('speaks TLS 1.2 and 1.3 only, TLS 1.2 with forward-secret AEAD ciphers, and resumes sessions from its cache without tickets', async () => {
    const port = nginx.tlsPort!;
    expect(await handshake(port, ca)).toMatchObject({ protocol: 'TLSv1.3' });
    const tls12 = { maxVersion: 'TLSv1.2' } as const;
    expect(await handshake(port, ca, tls12)).toMatchObject({
      protocol: 'TLSv1.2',
      cipher: expect.stringMatching(/^TLS_ECDHE_ECDSA_WITH_(AES_\d+_GCM|CHACHA20_POLY1305)_/),
    });
    // A client offering only CBC suites, or an old protocol, gets no connection. (OpenSSL 3
    // itself refuses TLS 1.0 and 1.1 above security level 0: ssl_protocols repeats that floor,
    // and this line would not notice it gone.)
    const cbc = await handshake(port, ca, { ...tls12, ciphers: 'ECDHE-ECDSA-AES128-SHA256' });
    expect(cbc).toEqual({ error: expect.stringMatching(/handshake failure|no shared cipher/i) });
    const old = await handshake(port, ca, {
      minVersion: 'TLSv1',
      maxVersion: 'TLSv1.1',
      ciphers: 'DEFAULT@SECLEVEL=0',
    });
    expect(old).toHaveProperty('error');
    // Resumption by session id from the shared cache; no ticket is handed out.
    const first = await handshake(port, ca, tls12);
    if ('error' in first) throw new Error(first.error);
    expect(first.ticket).toBeUndefined();
    const again = await handshake(port, ca, { ...tls12, session: first.session });
    expect(again).toMatchObject({ reused: true });
  });
});

/** A folder with an `nginx` that only says which version it is. */
function fakeNginx(version: string): string {
  const dir = tempDir('docker-test-fake-nginx-');
  fs.writeFileSync(
    path.join(dir, 'nginx'),
    `#!/bin/sh\necho "nginx version: nginx/${version}" >&2\n`,
    { mode: 0o755 },
  );
  return dir;
}

describe("the web image's TLS entrypoint script (docker/web/25-onboarding-tls.sh)", () => {
  let dir: string;
  let cert: { cert: string; key: string };

  beforeAll(() => {
    dir = tempDir('docker-test-tls-script-');
    cert = selfSignedCertificate(dir, ensureDebianBinary('openssl', 'openssl'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const run = (env: Record<string, string>) => {
    const out = tempDir('docker-test-tls-conf-');
    try {
      const r = runTlsScript(env, out);
      const file = path.join(out, 'onboarding-tls/listen.conf');
      const conf = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
      const directives = conf
        ?.split('\n')
        .filter((l) => l.trim() && !l.startsWith('#'))
        .join('\n');
      return { ...r, directives };
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  };

  it.each([
    ['1.28.0', 'listen 8443 ssl;\nhttp2 on;'],
    ['1.25.1', 'listen 8443 ssl;\nhttp2 on;'],
    ['2.0.0', 'listen 8443 ssl;\nhttp2 on;'],
    ['1.25.0', 'listen 8443 ssl http2;'],
    ['1.22.1', 'listen 8443 ssl http2;'],
  ])('gives nginx %s HTTP/2 as it takes it: %j', (version, listen) => {
    const fake = fakeNginx(version);
    try {
      const r = run({
        PATH: `${fake}:/usr/bin:/bin`,
        NGINX_TLS_CERT: cert.cert,
        NGINX_TLS_KEY: cert.key,
        NGINX_TLS_LISTEN: '8443',
      });
      expect(r.status).toBe(0);
      expect(r.directives).toBe(
        `${listen}\nssl_certificate "${cert.cert}";\nssl_certificate_key "${cert.key}";`,
      );
    } finally {
      fs.rmSync(fake, { recursive: true, force: true });
    }
  });

  it('adds nothing without a certificate: plain http only, as the image starts by default', () => {
    const r = run({ NGINX_TLS_CERT: '', NGINX_TLS_KEY: '', NGINX_TLS_LISTEN: '8443' });
    expect(r.status).toBe(0);
    expect(r.directives).toBeUndefined();
    expect(r.stdout).toContain('plain http only');
  });

  it.each([
    [
      'a key without its certificate',
      { NGINX_TLS_CERT: '' },
      /NGINX_TLS_KEY is set but NGINX_TLS_CERT is not/,
    ],
    [
      'a certificate without its key',
      { NGINX_TLS_KEY: '' },
      /NGINX_TLS_CERT is set but NGINX_TLS_KEY is not/,
    ],
    [
      'a missing file',
      { NGINX_TLS_KEY: '/nonexistent/privkey.pem' },
      /NGINX_TLS_KEY=\S+ is not a file/,
    ],
    [
      'a relative path',
      { NGINX_TLS_CERT: 'fullchain.pem' },
      /NGINX_TLS_CERT must be an absolute path/,
    ],
    [
      'a path nginx would misread',
      { NGINX_TLS_CERT: '/x.pem"; include /etc/passwd' },
      /NGINX_TLS_CERT may hold/,
    ],
    [
      'a listen address with more in it',
      { NGINX_TLS_LISTEN: '8443 default_server' },
      /NGINX_TLS_LISTEN must be/,
    ],
  ])('stops the start on %s, naming the variable', (_what, wrong, message) => {
    const r = run({
      NGINX_TLS_CERT: cert.cert,
      NGINX_TLS_KEY: cert.key,
      NGINX_TLS_LISTEN: '8443',
      ...wrong,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(r.directives).toBeUndefined();
  });
});

describe('docker/compose.tls.yaml', () => {
  let dir: string;
  let files: Record<string, string>;
  const SECRETS = {
    SESSION_SECRET: 'compose-tls-secret-0123456789abcdefghij',
    REDIS_PASSWORD: 'r',
  };

  beforeAll(() => {
    dir = tempDir('docker-test-compose-tls-');
    const cert = selfSignedCertificate(dir, ensureDebianBinary('openssl', 'openssl'));
    files = { WEB_TLS_CERT_FILE: cert.cert, WEB_TLS_KEY_FILE: cert.key };
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const config = (vars: Record<string, string>) =>
    composeConfig({ ...SECRETS, ...vars }, [COMPOSE_FILE, TLS_COMPOSE_FILE]);

  it('publishes the TLS port beside 8080 on 127.0.0.1 (WEB_TLS_BIND), gives web the certificate as secrets and the gateways an https PUBLIC_URL', () => {
    const result = config(files);
    if (!result.config) throw new Error(`${result.command}: ${result.stderr}`);
    const web = result.config.services.web!;
    const byTarget = (c: ComposeConfig) =>
      publishedPorts(c, 'web').sort((x, y) => Number(x.target) - Number(y.target));
    expect(byTarget(result.config)).toEqual([
      { address: '127.0.0.1', published: '8080', target: '8080' },
      { address: '127.0.0.1', published: '8443', target: '8443' },
    ]);
    expect(serviceEnv(result.config, 'web')).toMatchObject({
      NGINX_TLS_CERT: '/run/secrets/web_tls_cert',
      NGINX_TLS_KEY: '/run/secrets/web_tls_key',
      // The base file's variables stay.
      GATEWAY_SERVERS: 'server gateway-1:8080; server gateway-2:8080;',
    });
    expect(JSON.stringify((web as { secrets?: unknown }).secrets)).toMatch(
      /web_tls_cert[\s\S]*web_tls_key/,
    );
    const secrets = (result.config as { secrets?: Record<string, { file?: string }> }).secrets;
    expect(secrets?.web_tls_cert?.file).toBe(files.WEB_TLS_CERT_FILE);
    expect(secrets?.web_tls_key?.file).toBe(files.WEB_TLS_KEY_FILE);
    for (const service of ['gateway-1', 'gateway-2', 'sandbox'])
      expect([service, serviceEnv(result.config, service).PUBLIC_URL]).toEqual([
        service,
        'https://localhost:8443',
      ]);

    // Browsers on other machines reach HTTPS only; plain http stays on the loopback.
    const opened = config({ ...files, WEB_TLS_BIND: '0.0.0.0', WEB_TLS_PORT: '443' }).config!;
    expect(byTarget(opened)).toEqual([
      { address: '127.0.0.1', published: '8080', target: '8080' },
      { address: '0.0.0.0', published: '443', target: '8443' },
    ]);
  });

  it('refuses to run without the certificate files, naming the variable', () => {
    const missing = config({ WEB_TLS_KEY_FILE: files.WEB_TLS_KEY_FILE! });
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain('set WEB_TLS_CERT_FILE');
  });
});

describe('the web image as shipped', () => {
  it('runs the TLS script from its entrypoint and leaves TLS off until a certificate is given', () => {
    const dockerfile = Dockerfile.read();
    expect(dockerfile.copies('web')).toContain(
      '--chmod=0755 docker/web/25-onboarding-tls.sh /docker-entrypoint.d/25-onboarding-tls.sh',
    );
    expect(dockerfile.env('web')).toMatchObject({
      NGINX_TLS_CERT: '',
      NGINX_TLS_KEY: '',
      NGINX_TLS_LISTEN: '8443',
    });
    const result = composeConfig({ SESSION_SECRET: 'x'.repeat(48), REDIS_PASSWORD: 'unused' });
    expect(serviceEnv(result.config!, 'web').NGINX_TLS_CERT).toBeUndefined();
  });
});
