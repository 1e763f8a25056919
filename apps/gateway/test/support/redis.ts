import { afterAll, afterEach, beforeAll } from '@jest/globals';
import { RedisServer, waitFor } from '@onboarding/test-support';
import { pino } from 'pino';
import { RedisConnection } from '../../src/common/redis/redis-connection.js';

/**
 * A real redis-server for the describe block that calls it: after each test it answers again
 * (a test may pause it), the connections the test opened are closed and its data is flushed.
 */
export function redisPerTest() {
  let server: RedisServer | undefined;
  const connections: RedisConnection[] = [];
  beforeAll(async () => {
    server = await new RedisServer({ persist: false }).start();
  });
  afterEach(async () => {
    server!.resume();
    for (const c of connections.splice(0)) await c.close();
    await server!.command('FLUSHALL');
  });
  afterAll(async () => {
    await server?.stop();
  });
  return {
    get server(): RedisServer {
      return server!;
    },
    /** A connection to it, not started yet, logging nothing; closed after the test. */
    connection(timeoutMs = 500): RedisConnection {
      const c = new RedisConnection(server!.url, pino({ level: 'silent' }), timeoutMs);
      connections.push(c);
      return c;
    },
    /** Starts the connection and waits until Redis answers it. */
    async ready(c: RedisConnection): Promise<RedisConnection> {
      c.start();
      await waitFor(() => c.isReady, { intervalMs: 5, timeoutMs: 3_000, what: 'redis ready' });
      return c;
    },
  };
}
