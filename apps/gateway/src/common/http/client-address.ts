import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/**
 * Read from the right, `trustedHops` entries in: entries further left are the client's own and
 * never count (docs/security.md#client-address). For rate limits and logs only.
 */
export function clientAddressFrom(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedHops: number,
): string {
  let client = socketAddress ?? 'unknown';
  if (trustedHops <= 0 || forwardedFor === undefined) return client;
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',');
  let hops = 0;
  for (let i = entries.length - 1; i >= 0 && hops < trustedHops; i--, hops++) {
    // `[::1]` → `::1`: some proxies bracket IPv6 addresses.
    const entry = entries[i]!.trim().replace(/^\[(.*)\]$/, '$1');
    if (isIP(entry) === 0) break;
    client = entry;
  }
  return client;
}

export function clientAddressOf(trustedHops: number): (req: IncomingMessage) => string {
  return (req: IncomingMessage) =>
    clientAddressFrom(req.socket.remoteAddress, req.headers['x-forwarded-for'], trustedHops);
}
