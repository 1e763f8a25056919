/**
 * The real sandbox (identity provider + upstreams) from @onboarding/sandbox, started in this
 * process on a free port, its OIDC client accepting the given gateways' callback addresses.
 */
export interface RunningSandbox {
  readonly url: string;
  readonly port: number;
  readonly faults: {
    add(spec: Record<string, unknown>): { id: string };
    clear(): void;
  };
  close(): Promise<void>;
}

interface SandboxModule {
  startSandbox(options: Record<string, unknown>): Promise<RunningSandbox>;
}

export async function startSandbox(
  gatewayOrigins: readonly string[],
  options: Record<string, unknown> = {},
): Promise<RunningSandbox> {
  const mod = (await import('@onboarding/sandbox')) as unknown as SandboxModule;
  return mod.startSandbox({
    port: 0,
    inMemory: true,
    stepMs: 50,
    failureRate: 0,
    redirectUris: gatewayOrigins.map((o) => `${o}/api/sso/callback`),
    postLogoutRedirectUris: gatewayOrigins.map((o) => `${o}/login`),
    ...options,
  });
}
