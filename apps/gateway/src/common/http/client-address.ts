import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/**
 * The client address behind `trustedHops` proxies (TRUST_PROXY_HOPS): the socket's peer is the
 * nearest proxy, and each trusted proxy appends the address it was reached from to
 * `X-Forwarded-For`; so, reading the list from the right, the address `trustedHops` entries in
 * is the client's. Entries further left were written by the client itself and never count. A
 * malformed entry stops the walk at the last trusted address. With 0 hops the header is ignored.
 *
 * Used for rate-limit keys and log lines only: origins, redirect targets and the cookie's
 * `Secure` flag come from PUBLIC_URL, never from forwarding headers.
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
    const entry = unbracket(entries[i]!.trim());
    if (isIP(entry) === 0) break;
    client = entry;
  }
  return client;
}

/** `[::1]` → `::1` (some proxies bracket IPv6 addresses). */
function unbracket(address: string): string {
  return address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
}

/** A function giving each request's client address. */
export function clientAddressOf(trustedHops: number): (req: IncomingMessage) => string {
  return (req: IncomingMessage) =>
    clientAddressFrom(req.socket.remoteAddress, req.headers['x-forwarded-for'], trustedHops);
}
