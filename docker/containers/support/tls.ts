// The web image over HTTPS as an operator runs it with a certificate: the image's own entrypoint
// runs docker/web/25-onboarding-tls.sh, and nginx serves HTTP/2 on 8443 with the headers the
// stack's web sends on plain 8080. A throwaway certificate, made here, mounted read-only.
import fs from 'node:fs';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import { selfSignedCertificate, waitFor } from '@onboarding/test-support';
import { rawGet } from './http.ts';
import { assert, assertEqual } from './report.ts';
import { podman } from './run.ts';

interface H2Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** GETs on one HTTP/2 connection (ALPN h2), bodies as sent. */
async function h2Gets(url: string, ca: string, requests: [string, Record<string, string>][]) {
  const session = http2.connect(url, { ca, servername: 'localhost' });
  try {
    await new Promise<void>((resolve, reject) => {
      session.once('connect', () => resolve());
      session.once('error', reject);
    });
    const alpn = session.alpnProtocol;
    const answers = await Promise.all(
      requests.map(
        ([p, headers]) =>
          new Promise<H2Answer>((resolve, reject) => {
            const req = session.request({ ':path': p, ...headers });
            const chunks: Buffer[] = [];
            let status = 0;
            let got: Record<string, string> = {};
            req.on('response', (h) => {
              status = Number(h[':status']);
              got = Object.fromEntries(
                Object.entries(h)
                  .filter(([n]) => !n.startsWith(':'))
                  .map(([n, v]) => [n, String(v)]),
              );
            });
            req.on('data', (c: Buffer) => chunks.push(c));
            req.on('end', () => resolve({ status, headers: got, body: Buffer.concat(chunks) }));
            req.on('error', reject);
          }),
      ),
    );
    return { alpn, answers };
  } finally {
    session.close();
  }
}

/** What differs between two answers by design: the date, the request id, HTTP/1.1's framing. */
const PER_ANSWER = new Set([
  'date',
  'x-request-id',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);
const comparable = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([n]) => !PER_ANSWER.has(n))
      .map(([n, v]) => [n, String(v)]),
  );

/**
 * Runs the web image alone (as compose hardens it: read-only, no capabilities) with a
 * certificate and key mounted where secrets go, its TLS port published on `port`, and checks the
 * page and a script over HTTP/2 against the stack's web over plain HTTP/1.1 (`publicUrl`). It
 * joins the stack's `network`: podman's own default network here did not forward a port
 * published on 127.0.0.1.
 */
export async function webOverTls(
  image: string,
  port: number,
  project: string,
  network: string,
  publicUrl: string,
): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'onboarding-tls-check-'));
  const name = `${project}-web-tls`;
  try {
    const { cert, key } = selfSignedCertificate(dir);
    // As README.md says to: the key to nginx's uid alone.
    fs.chmodSync(dir, 0o755);
    fs.chownSync(key, 101, 101);
    fs.chmodSync(key, 0o400);
    fs.chmodSync(cert, 0o444);
    await podman([
      'run',
      '--detach',
      '--name',
      name,
      // Removed by the check's sweep if this run is interrupted.
      '--label',
      `com.docker.compose.project=${project}`,
      '--network',
      network,
      '--read-only',
      '--tmpfs',
      '/tmp',
      '--tmpfs',
      '/etc/nginx/conf.d',
      '--cap-drop',
      'ALL',
      '--security-opt',
      'no-new-privileges',
      '--volume',
      `${dir}:/run/secrets/tls:ro`,
      '--env',
      'NGINX_TLS_CERT=/run/secrets/tls/fullchain.pem',
      '--env',
      'NGINX_TLS_KEY=/run/secrets/tls/privkey.pem',
      // No gateway: nginx resolves upstream names at start, an address it does not.
      '--env',
      'GATEWAY_SERVERS=server 127.0.0.1:9;',
      '--publish',
      `127.0.0.1:${port}:8443`,
      image,
    ]);
    const ca = fs.readFileSync(cert, 'utf8');
    const index = await rawGet(`${publicUrl}/`);
    const asset = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(index.body.toString())?.[1];
    assert(asset, 'no /assets/*.js script in index.html');
    const gzip = { 'accept-encoding': 'gzip' };
    const { alpn, answers } = await waitFor(
      async () => {
        const state = await podman(['inspect', '--format', '{{.State.Status}}', name]);
        if (state.stdout.trim() !== 'running') {
          const logs = await podman(['logs', name], { allowFailure: true });
          throw new Error(`the container is ${state.stdout.trim()}: ${logs.stderr}${logs.stdout}`);
        }
        return h2Gets(`https://127.0.0.1:${port}`, ca, [
          ['/', {}],
          [asset, gzip],
        ]);
      },
      { timeoutMs: 20_000, intervalMs: 250, what: 'HTTPS on the web image' },
    );
    assertEqual(alpn, 'h2', 'the protocol agreed over TLS (ALPN)');
    const [page, script] = answers as [H2Answer, H2Answer];
    const plainScript = await rawGet(`${publicUrl}${asset}`, gzip);
    assertEqual(
      [page.status, page.body.equals(index.body), comparable(page.headers)],
      [200, true, comparable(index.headers)],
      'GET / over HTTP/2 against plain HTTP/1.1',
    );
    assertEqual(
      [script.status, script.body.equals(plainScript.body), comparable(script.headers)],
      [200, true, comparable(plainScript.headers)],
      `GET ${asset} (gzip) over HTTP/2 against plain HTTP/1.1`,
    );
    assertEqual(script.headers['content-encoding'], 'gzip', `${asset} over HTTP/2`);
    const logs = await podman(['logs', name]);
    assert(
      /25-onboarding-tls\.sh: HTTPS with HTTP\/2 on 8443/.test(logs.stdout + logs.stderr),
      `the entrypoint did not run the TLS script:\n${logs.stdout}${logs.stderr}`,
    );
  } finally {
    await podman(['rm', '--force', '--time', '5', name], { allowFailure: true });
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
