import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Balancer {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * A load balancer in front of nginx, as cloud ones behave: it appends the address that connected
 * to it to X-Forwarded-For (after whatever the client sent) and connects to `target` from its
 * own address `from` (a loopback address of its own, the one nginx is told to trust).
 */
export async function startBalancer(target: string, from: string): Promise<Balancer> {
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const peer = req.socket.remoteAddress ?? '';
    // Node joins repeated X-Forwarded-For headers into one string.
    const sent = req.headers['x-forwarded-for'] as string | undefined;
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        localAddress: from,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': sent ? `${sent}, ${peer}` : peer },
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface Answer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly json: unknown;
}

/**
 * A JSON request sent from the local address `from` (127.0.0.2, 127.0.0.3…: every 127/8 address
 * is this machine's), as a client on another machine would connect.
 */
export function requestFrom(
  from: string,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        localAddress: from,
        agent: false,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

interface Received {
  readonly method: string;
  readonly path: string;
  /** nginx's id for the request (X-Request-Id): the one in its answer and its access log. */
  readonly requestId: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

export interface StandInGateway {
  /** host:port, for an upstream `server` line. */
  readonly address: string;
  /** Every request it read to the end, dropped or answered. */
  readonly received: Received[];
  /** Read each request to the end, then close the connection without answering. */
  dropping: boolean;
  close(): Promise<void>;
}

/**
 * A gateway replica's stand-in behind nginx: it answers 200 `{ "servedBy": name }` with the
 * request id, or, while `dropping`, reads the whole request and closes its connection unanswered,
 * as a replica that crashes mid-request does (nginx cannot tell whether it carried it out).
 */
export async function startStandInGateway(name: string): Promise<StandInGateway> {
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const requestId = String(req.headers['x-request-id'] ?? '');
      const { method = '', url = '', headers } = req;
      gateway.received.push({ method, path: url, requestId, headers, body });
      if (gateway.dropping) return void req.socket.destroy();
      res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': requestId });
      res.end(JSON.stringify({ servedBy: name }));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const gateway: StandInGateway = {
    address: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: [],
    dropping: false,
    close: () =>
      new Promise<void>((resolve) => {
        // nginx keeps idle connections open (keepalive): close them too.
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return gateway;
}
