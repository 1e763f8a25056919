import { type Browser, freePort, RedisServer, signIn } from '@onboarding/test-support';
import { FaultServer } from './fault-server.js';
import { spawnGateway, startGateway, type SpawnedGateway, type TestGateway } from './gateway.js';
import { startSandbox, type RunningSandbox } from './sandbox.js';

export interface FaultStack {
  readonly sandbox: RunningSandbox;
  readonly upstream: FaultServer;
  readonly gw: TestGateway;
  /** A browser signed in as `email` on the gateway. */
  readonly browser: Browser;
  readonly email: string;
  close(): Promise<void>;
}

/**
 * The gateway with the sandbox as identity provider and a fault server of our own as both
 * upstreams (customer-setup and LLM), signed in once.
 */
export async function startFaultStack(
  env: Record<string, string> = {},
  email = 'operator@example.com',
): Promise<FaultStack> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const sandbox = await startSandbox([origin]);
  const upstream = await new FaultServer().start();
  const gw = await startGateway(
    {
      OIDC_ISSUER: `${sandbox.url}/oidc`,
      CUSTOMER_SETUP_API_URL: `${upstream.url}/customer-setup`,
      LLM_API_URL: `${upstream.url}/llm`,
      CIRCUIT_FAILURE_THRESHOLD: '1000',
      ...env,
    },
    { port },
  );
  const { browser } = await signIn(gw.url, email);
  return {
    sandbox,
    upstream,
    gw,
    browser,
    email,
    async close() {
      await gw.close();
      await upstream.close();
      await sandbox.close();
    },
  };
}

/**
 * The gateway with the real sandbox as identity provider and both upstreams (`sandboxOptions`
 * go to startSandbox, e.g. `{ idTokenEmail: false }`).
 */
export async function startSandboxStack(
  env: Record<string, string> = {},
  sandboxOptions: Record<string, unknown> = {},
): Promise<{ sandbox: RunningSandbox; gw: TestGateway; close(): Promise<void> }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const sandbox = await startSandbox([origin], sandboxOptions);
  const gw = await startGateway(
    {
      OIDC_ISSUER: `${sandbox.url}/oidc`,
      CUSTOMER_SETUP_API_URL: `${sandbox.url}/customer-setup`,
      LLM_API_URL: `${sandbox.url}/llm`,
      DASHBOARD_BASE_URL: `${sandbox.url}/dashboard`,
      ...env,
    },
    { port },
  );
  return {
    sandbox,
    gw,
    async close() {
      await gw.close();
      await sandbox.close();
    },
  };
}

export interface RedisReplicas {
  readonly redis: RedisServer;
  readonly sandbox: RunningSandbox;
  /** The two gateway processes, each on its own port of the one public origin's host. */
  readonly a: SpawnedGateway;
  readonly b: SpawnedGateway;
  readonly publicUrl: string;
  close(): Promise<void>;
}

/**
 * A gateway's settings with its sessions in `redis` (running or not yet) and the sandbox as
 * identity provider and upstreams, on `publicUrl`: each replica of one origin has the same.
 */
export function redisGatewayEnv(
  publicUrl: string,
  redis: RedisServer,
  sandbox: RunningSandbox,
): Record<string, string> {
  return {
    PUBLIC_URL: publicUrl,
    SESSION_STORE: 'redis',
    REDIS_URL: redis.url,
    SESSION_SECRET: 'shared-secret-of-the-replicas-0123456789abcdef',
    OIDC_ISSUER: `${sandbox.url}/oidc`,
    CUSTOMER_SETUP_API_URL: `${sandbox.url}/customer-setup`,
    LLM_API_URL: `${sandbox.url}/llm`,
    // Sessions are not what these gateways test: on a loaded 2-core CI machine a fresh process's
    // first Redis calls took longer than the default 800 ms and sign-in answered 503.
    SESSION_STORE_TIMEOUT_MS: '5000',
  };
}

/**
 * Two built gateway processes behind one public origin (a's), sharing a real redis-server, with
 * the sandbox as identity provider and upstreams; `env` adds or overrides settings once the
 * sandbox runs (an upstream of the test's own in front of it, say).
 */
export async function startRedisReplicas(
  env: (
    sandbox: RunningSandbox,
  ) => Promise<Record<string, string>> | Record<string, string> = () => ({}),
): Promise<RedisReplicas> {
  const redis = await new RedisServer().start();
  const [portA, portB] = [await freePort(), await freePort()];
  const publicUrl = `http://127.0.0.1:${portA}`;
  const sandbox = await startSandbox([publicUrl]);
  const settings = { ...redisGatewayEnv(publicUrl, redis, sandbox), ...(await env(sandbox)) };
  const [a, b] = await Promise.all([spawnGateway(settings, portA), spawnGateway(settings, portB)]);
  return {
    redis,
    sandbox,
    a,
    b,
    publicUrl,
    async close() {
      for (const g of [a, b]) {
        g.kill('SIGKILL');
        await g.exited;
      }
      await sandbox.close();
      await redis.stop();
    },
  };
}
