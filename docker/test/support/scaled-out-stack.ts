import { freePort, type RedisServer, tempDir } from '@onboarding/test-support';
import fs from 'node:fs';
import path from 'node:path';
import { composeConfig, type ComposeConfig } from './compose.js';
import { Dockerfile } from './dockerfile.js';
import {
  gatewayLocal,
  type ImageProcess,
  runImage,
  sandboxLocal,
  webTemplateVars,
} from './images.js';
import { copyWebDist, type RunningNginx, startNginx } from './nginx.js';
import { requireBuilt, WEB_DIST } from './paths.js';
import { startRedis } from './redis.js';

export const SESSION_SECRET = 'docker-test-session-secret-0123456789abcdef';
/** Redis's password, as compose takes it (URL-safe: it is written into REDIS_URL as it is). */
export const REDIS_PASSWORD = 'docker-test-redis-password-0123456789';

export type GatewayName = 'gateway-1' | 'gateway-2';

export interface ScaledOutOptions {
  /** nginx serves a copy of the built web app (apps/web/dist); otherwise an empty site. */
  webApp: boolean;
  /** Added to each gateway's environment. */
  gatewayEnv?: Record<string, string>;
  /** Added to the sandbox's environment. */
  sandboxEnv?: Record<string, string>;
  /** The sandbox's admin API on a free port of its own (SANDBOX_ADMIN_PORT, `ports.admin`). */
  sandboxAdmin?: boolean;
}

export interface ScaledOutStack {
  dockerfile: Dockerfile;
  compose: ComposeConfig;
  redis: RedisServer;
  sandbox: ImageProcess;
  /** The running replicas: a test may replace or clear one; `stop` disposes those here. */
  gateways: Record<GatewayName, ImageProcess | undefined>;
  nginx: RunningNginx;
  webRoot: string;
  /** Each compose address → the process standing in for it here. */
  hosts: Record<string, string>;
  ports: Record<'nginx' | GatewayName | 'sandbox', number> & { admin?: number };
  publicUrl: string;
  /** Another process of the gateway image's command as compose's `name`, on that name's port. */
  startGateway(name: GatewayName): Promise<ImageProcess>;
  /** Stops nginx, the gateways (and `others`), the sandbox and Redis; removes the web root. */
  stop(others?: readonly (ImageProcess | undefined)[]): Promise<void>;
}

/** A site without the web app: nginx's site reads its route-page table (pages.map) at start. */
export function emptyWebRoot(): string {
  const root = tempDir('docker-test-web-');
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html>');
  fs.writeFileSync(path.join(root, 'pages.map'), '');
  return root;
}

/**
 * The compose deployment, run here without Docker: the web image's nginx (its template with the
 * compose file's GATEWAY_SERVERS) in front of two processes of the gateway image's command
 * (compose's gateway-1 and gateway-2 environment: SESSION_STORE=redis), a real redis-server with
 * compose's password, and the sandbox image's command as the identity provider and upstreams.
 * What it started before a failure is stopped again.
 */
export async function startScaledOutStack(options: ScaledOutOptions): Promise<ScaledOutStack> {
  if (options.webApp) requireBuilt('apps/web/dist/index.html', '@onboarding/web');
  const dockerfile = Dockerfile.read();
  const result = composeConfig({ SESSION_SECRET, REDIS_PASSWORD });
  if (!result.config) throw new Error(`${result.command}: ${result.stderr}`);
  const compose = result.config;
  const ports: ScaledOutStack['ports'] = {
    nginx: await freePort(),
    'gateway-1': await freePort(),
    'gateway-2': await freePort(),
    sandbox: await freePort(),
  };
  if (options.sandboxAdmin) ports.admin = await freePort();
  const publicUrl = `http://127.0.0.1:${ports.nginx}`;
  const gateways: ScaledOutStack['gateways'] = { 'gateway-1': undefined, 'gateway-2': undefined };
  let redis: RedisServer | undefined;
  let sandbox: ImageProcess | undefined;
  let nginx: RunningNginx | undefined;
  let webRoot: string | undefined;

  const stop = async (others: readonly (ImageProcess | undefined)[] = []) => {
    await nginx?.stop();
    const running = [...Object.values(gateways), ...others].filter((g) => g !== undefined);
    await Promise.all(running.map((g) => g.dispose()));
    await sandbox?.dispose();
    await redis?.stop();
    // copyWebDist's copy is the `html` folder inside a temp folder of its own.
    if (webRoot) {
      fs.rmSync(options.webApp ? path.dirname(webRoot) : webRoot, { recursive: true, force: true });
    }
  };

  try {
    redis = await startRedis(REDIS_PASSWORD);
    const hosts = {
      'localhost:8080': `127.0.0.1:${ports.nginx}`,
      'sandbox.localhost:4010': `127.0.0.1:${ports.sandbox}`,
      'redis:6379': `127.0.0.1:${redis.port}`,
      'gateway-1:8080': `127.0.0.1:${ports['gateway-1']}`,
      'gateway-2:8080': `127.0.0.1:${ports['gateway-2']}`,
    };
    const startGateway = (name: GatewayName) =>
      runImage({
        dockerfile,
        stage: 'gateway',
        compose: { config: compose, service: name },
        hosts,
        local: gatewayLocal(ports[name], options.gatewayEnv),
        port: ports[name],
        healthPath: '/api/health',
        built: { file: 'apps/gateway/dist/main.js', workspace: '@onboarding/gateway' },
      });
    sandbox = await runImage({
      dockerfile,
      stage: 'sandbox',
      compose: { config: compose, service: 'sandbox' },
      hosts,
      local: sandboxLocal(ports.sandbox, {
        ...(ports.admin === undefined ? {} : { SANDBOX_ADMIN_PORT: String(ports.admin) }),
        ...options.sandboxEnv,
      }),
      port: ports.sandbox,
      healthPath: '/health',
      built: { file: 'apps/sandbox/dist/main.js', workspace: '@onboarding/sandbox' },
    });
    [gateways['gateway-1'], gateways['gateway-2']] = await Promise.all([
      startGateway('gateway-1'),
      startGateway('gateway-2'),
    ]);
    webRoot = options.webApp ? copyWebDist(WEB_DIST) : emptyWebRoot();
    nginx = await startNginx(
      webTemplateVars(dockerfile, compose, hosts, { NGINX_WEB_ROOT: webRoot }),
      { port: ports.nginx },
    );
    return {
      dockerfile,
      compose,
      redis,
      sandbox,
      gateways,
      nginx,
      webRoot,
      hosts,
      ports,
      publicUrl,
      startGateway,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
