import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// Ports a test names before its server listens come from below the kernel's ephemeral range:
// there, no outgoing socket can take one meanwhile (a client retrying a port nobody listens on yet
// can connect to itself and hold it, which once made redis-server's bind fail in CI).
const LOWEST = 10_000;
const SLICES = 8;
const handedOut = new Set<number>();

/** Where the kernel's ephemeral ports begin; 0 off Linux (then the kernel's choice is all). */
function ephemeralRangeStart(): number {
  try {
    const text = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8');
    return Number(text.trim().split(/\s+/)[0]) || 0;
  } catch {
    return 0;
  }
}
const EPHEMERAL_START = ephemeralRangeStart();

function listenOn(port: number): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(undefined) : reject(error),
    );
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as net.AddressInfo;
      server.close(() => resolve(bound));
    });
  });
}

/**
 * A port that was free a moment ago (for servers whose address must be known before they start).
 * Each jest worker draws from its own slice, so two workers never hand out the same port.
 */
export async function freePort(): Promise<number> {
  const top = EPHEMERAL_START;
  if (top - LOWEST >= SLICES * 100) {
    const size = Math.floor((top - LOWEST) / SLICES);
    const start = LOWEST + (Number(process.env.JEST_WORKER_ID ?? 0) % SLICES) * size;
    for (let attempt = 0; attempt < 200; attempt++) {
      const port = start + Math.floor(Math.random() * size);
      if (handedOut.has(port)) continue;
      if ((await listenOn(port)) !== undefined) {
        handedOut.add(port);
        return port;
      }
    }
  }
  const port = await listenOn(0);
  if (port === undefined) throw new Error('no free port');
  return port;
}

/**
 * Polls `probe` until it gives a truthy value (errors, failed assertions included, count as "not
 * yet"). On timeout the error names what was awaited and what the last attempt saw: its
 * assertion error (also as `cause`) or the value it returned.
 */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 10_000, intervalMs = 50, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: { error: unknown } | { value: unknown } = { value: undefined };
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value) return value;
      last = { value };
    } catch (error) {
      last = { error };
    }
    await sleep(intervalMs);
  }
  const seen =
    'error' in last
      ? `the last attempt failed: ${last.error instanceof Error ? last.error.message : String(last.error)}`
      : `the last attempt returned ${String(last.value)}`;
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}; ${seen}`, {
    cause: 'error' in last ? last.error : undefined,
  });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A temporary folder, world-readable (so that e.g. nginx's unprivileged workers can serve from it). */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

/** Where a system binary is (the usual folders, then PATH), or undefined. */
export function which(binary: string): string | undefined {
  for (const dir of [
    '/usr/sbin',
    '/usr/bin',
    '/usr/local/sbin',
    '/usr/local/bin',
    '/sbin',
    '/bin',
  ]) {
    const candidate = path.join(dir, binary);
    if (fs.existsSync(candidate)) return candidate;
  }
  const found = spawnSync('sh', ['-c', `command -v ${binary}`], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : undefined;
}
