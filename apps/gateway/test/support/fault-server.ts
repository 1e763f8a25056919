import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: unknown;
}

export type FaultHandler = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  recorded: RecordedRequest,
) => void;

/**
 * A small upstream of our own for fault cases the sandbox cannot produce on demand: it records
 * every request and answers by path with whatever a test programs (status, headers, HTML,
 * redirects, slowness, oversized bodies, dropped connections).
 */
export class FaultServer {
  readonly requests: RecordedRequest[] = [];
  /** TCP connections accepted: shows whether the gateway reuses its upstream connections. */
  connections = 0;
  private readonly handlers = new Map<string, FaultHandler>();
  private fallback: FaultHandler = (_req, res) => json(res, 200, { ok: true });
  private readonly server: http.Server;
  private readonly sockets = new Set<Socket>();
  url = '';
  port = 0;

  constructor() {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        let parsed: unknown;
        try {
          parsed = body ? JSON.parse(body) : undefined;
        } catch {
          parsed = undefined;
        }
        const recorded: RecordedRequest = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body,
          json: parsed,
        };
        this.requests.push(recorded);
        const path = (req.url ?? '').split('?')[0]!;
        (this.handlers.get(path) ?? this.fallback)(req, res, recorded);
      });
    });
    this.server.keepAliveTimeout = 30_000;
    this.server.on('connection', (socket) => {
      this.connections += 1;
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    this.url = `http://127.0.0.1:${this.port}`;
    return this;
  }

  on(path: string, handler: FaultHandler): this {
    this.handlers.set(path, handler);
    return this;
  }

  otherwise(handler: FaultHandler): this {
    this.fallback = handler;
    return this;
  }

  reset(): void {
    this.handlers.clear();
    this.requests.length = 0;
    this.fallback = (_req, res) => json(res, 200, { ok: true });
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export function json(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}
