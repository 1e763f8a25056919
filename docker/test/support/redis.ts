import fs from 'node:fs';
import net from 'node:net';
import { ensureDebianBinary, freePort, type Proc, start, tempDir, waitFor } from './processes.js';

/** PING over a raw socket. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(500, () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(false));
    socket.on('data', (d) => {
      resolve(d.toString().startsWith('+PONG'));
      socket.destroy();
    });
    socket.write('PING\r\n');
  });
}

export interface RunningRedis {
  readonly url: string;
  readonly port: number;
  readonly proc: Proc;
  stop(): Promise<void>;
}

/** A real redis-server on a free loopback port, nothing persisted. */
export async function startRedis(): Promise<RunningRedis> {
  const binary = ensureDebianBinary('redis-server', 'redis-server');
  const port = await freePort();
  const dir = tempDir('docker-test-redis-');
  const proc = start(
    'redis',
    binary,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'no',
      '--protected-mode',
      'no',
    ],
    { cwd: dir, env: {} },
  );
  const stop = async () => {
    await proc.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(
      async () => {
        if (!proc.running) throw new Error(`redis-server exited: ${proc.output()}`);
        return ping(port);
      },
      { timeoutMs: 10_000, what: 'redis-server' },
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `redis://127.0.0.1:${port}`, port, proc, stop };
}
