// HTTP as the checks need it: *.localhost resolved to this machine as browsers do (the sandbox's
// issuer is http://sandbox.localhost:<port>), and raw answers whose bytes are not decoded (to
// compare a gzip body with the build's own .gz file).
import dns from 'node:dns';
import http from 'node:http';

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

let patched = false;

/**
 * Browsers resolve every *.localhost name to the loopback address (RFC 6761); this machine's
 * resolver knows only `localhost`. Node's fetch and http look names up through dns.lookup.
 */
export function resolveLocalhostSubdomains(): void {
  if (patched) return;
  patched = true;
  const original = dns.lookup.bind(dns) as (
    hostname: string,
    options: dns.LookupOptions,
    callback: LookupCallback,
  ) => void;
  const lookup = (
    hostname: string,
    options: dns.LookupOptions | number | LookupCallback,
    callback?: LookupCallback,
  ): void => {
    const cb = (typeof options === 'function' ? options : callback)!;
    const opts: dns.LookupOptions =
      typeof options === 'object'
        ? options
        : typeof options === 'number'
          ? { family: options }
          : {};
    if (/\.localhost\.?$/i.test(hostname)) {
      process.nextTick(() =>
        opts.all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4),
      );
      return;
    }
    original(hostname, opts, cb);
  };
  (dns as { lookup: unknown }).lookup = lookup;
}

export interface RawResponse {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  /** The body as sent (not decompressed). */
  readonly body: Buffer;
}

/** A GET whose body is kept as it came over the wire. */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url}: no answer in 10 s`)));
    req.on('error', reject);
  });
}
