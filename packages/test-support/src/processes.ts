import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A port that was free a moment ago (for servers whose address must be known before they start). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
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
