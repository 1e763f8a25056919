import { type Browser, freePort, signIn } from '@onboarding/test-support';
import { FaultServer } from './fault-server.js';
import { startGateway, type TestGateway } from './gateway.js';
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
