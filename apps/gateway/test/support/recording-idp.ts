import { freePort } from '@onboarding/test-support';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startGateway, type TestGateway } from './gateway.js';
import { startSandbox, type RunningSandbox } from './sandbox.js';

export interface RecordedRequest {
  readonly method: string;
  /** Path and query. */
  readonly path: string;
  readonly body: string;
}

/**
 * A stand-in in front of the identity provider: forwards every request as it came (its Host
 * included, so the IdP's addresses name the stand-in) and records it, so a test can tell which
 * requests reached the IdP. `rewrite` may change a JSON answer on its way back.
 */
export class RecordingProxy {
  readonly requests: RecordedRequest[] = [];
  /** Where requests go (the IdP's own origin); set once the IdP listens. */
  target = '';
  rewrite: ((path: string, json: Record<string, unknown>) => Record<string, unknown>) | undefined;
  private readonly server = http.createServer((req, res) => this.forward(req, res));

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  /** The stand-in's address, on `localhost` so that its cookies and the gateway's stay apart. */
  get url(): string {
    return `http://localhost:${(this.server.address() as AddressInfo).port}`;
  }

  /** The requests that reached the token endpoint. */
  tokenRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && /\/token(\?|$)/.test(r.path));
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private forward(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = req.url ?? '/';
      this.requests.push({ method: req.method ?? 'GET', path, body: body.toString() });
      const upstream = http.request(
        new URL(path, this.target),
        { method: req.method, headers: req.headers },
        (answer) => {
          const rewrite = this.rewrite;
          const isJson = /json/.test(String(answer.headers['content-type']));
          if (!rewrite || !isJson) {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            return;
          }
          const parts: Buffer[] = [];
          answer.on('data', (c: Buffer) => parts.push(c));
          answer.on('end', () => {
            const json = JSON.parse(Buffer.concat(parts).toString()) as Record<string, unknown>;
            const text = JSON.stringify(rewrite(path, json));
            const headers = {
              ...answer.headers,
              'content-length': String(Buffer.byteLength(text)),
            };
            delete headers.etag;
            res.writeHead(answer.statusCode ?? 502, headers).end(text);
          });
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      upstream.end(body);
    });
  }
}

/**
 * The gateway with the sandbox as identity provider behind a RecordingProxy (the issuer is the
 * proxy's address), the upstreams reached directly.
 */
export async function startRecordedIdpStack(
  env: Record<string, string> = {},
  sandboxOptions: Record<string, unknown> = {},
): Promise<{
  proxy: RecordingProxy;
  sandbox: RunningSandbox;
  gw: TestGateway;
  close(): Promise<void>;
}> {
  const proxy = await new RecordingProxy().start();
  const port = await freePort();
  const sandbox = await startSandbox([`http://127.0.0.1:${port}`], {
    ...sandboxOptions,
    publicUrl: proxy.url,
  });
  const direct = `http://127.0.0.1:${sandbox.port}`;
  proxy.target = direct;
  const gw = await startGateway(
    {
      OIDC_ISSUER: `${proxy.url}/oidc`,
      CUSTOMER_SETUP_API_URL: `${direct}/customer-setup`,
      LLM_API_URL: `${direct}/llm`,
      ...env,
    },
    { port },
  );
  return {
    proxy,
    sandbox,
    gw,
    async close() {
      await gw.close();
      await sandbox.close();
      await proxy.close();
    },
  };
}
