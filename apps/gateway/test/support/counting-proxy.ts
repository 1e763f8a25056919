import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Stands between the gateway and the real sandbox and counts what reaches it: calls by path and
 * the most in flight at once (the fleet snapshot's concurrency cap and incremental refresh).
 */
export class CountingProxy {
  readonly calls = new Map<string, number>();
  inFlight = 0;
  maxInFlight = 0;
  url = '';
  private readonly server: http.Server;

  constructor(private readonly target: string) {
    const to = new URL(target);
    this.server = http.createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0]!;
      this.calls.set(path, (this.calls.get(path) ?? 0) + 1);
      this.maxInFlight = Math.max(this.maxInFlight, ++this.inFlight);
      let done = false;
      const ended = () => {
        if (!done) this.inFlight -= 1;
        done = true;
      };
      const upstream = http.request(
        {
          host: to.hostname,
          port: to.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (answer) => {
          // Ended once the sandbox's answer is all here: before the gateway can have it and send
          // its next call (they share this process's event loop, so later events could overlap).
          answer.once('end', ended);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      res.once('close', ended);
      upstream.once('error', () => res.destroy());
      req.pipe(upstream);
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Calls whose path ends with `suffix`. */
  count(suffix: string): number {
    let n = 0;
    for (const [path, calls] of this.calls) if (path.endsWith(suffix)) n += calls;
    return n;
  }

  reset(): void {
    this.calls.clear();
    this.maxInFlight = this.inFlight;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
