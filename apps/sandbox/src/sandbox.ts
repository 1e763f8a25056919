import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIGN_IN_CALLBACK } from '@onboarding/contracts/routes';
import { createSandboxApp } from './app.js';
import { DEFAULT_CLIENT_SECRET, DEFAULT_DATA_DIR, DEFAULT_GATEWAY_URL } from './config/env.js';
import type { Log, SandboxContext } from './context.js';
import { openDatabase, type SandboxDatabase } from './db/database.js';
import { isSeeded, seedDatabase } from './db/seed/index.js';
import { createAdminApp } from './faults/admin.js';
import { FaultSwitches } from './faults/faults.js';
import { CLIENT_ID, createIdentityProvider } from './oidc/provider.js';
import { WorkflowControl } from './workflow/control.js';
import { WorkflowEngine } from './workflow/engine.js';
import { WorkflowRunner } from './workflow/runner.js';

export interface SandboxOptions {
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Folder of the SQLite file (created and migrated); ignored with `inMemory`. */
  dataDir?: string;
  /** Keep everything in memory (tests). */
  inMemory?: boolean;
  /** Milliseconds per workflow transition (default 10000). */
  stepMs?: number;
  /** Share of workflow runs that fail at one step, 0 to 1 (default 0.15). */
  failureRate?: number;
  /** Seed of the hash that picks failing runs (default "sandbox"). */
  failureSeed?: string;
  /**
   * Category Leaderboard setups seeded beyond the usual ones (default 0), for measuring the fleet
   * at scale (the gateway bench's fleet section); the usual seed is unchanged.
   */
  extraSetups?: number;
  /** OIDC client redirect URIs (default http://localhost:8080/api/sso/callback). */
  redirectUris?: string[];
  /** OIDC post-logout redirect URIs (default http://localhost:8080/login). */
  postLogoutRedirectUris?: string[];
  /** Secret of the gateway's OIDC client (default sandbox-client-secret). */
  clientSecret?: string;
  /** Whether ID tokens carry the e-mail (default true); false leaves it to userinfo only. */
  idTokenEmail?: boolean;
  /** Origin the sandbox is reached on (default http://localhost:<port>); the issuer is `<publicUrl>/oidc`. */
  publicUrl?: string;
  /** Serve the admin API (fault switches, workflow control) on this port (0 = a free one); off when omitted. */
  adminPort?: number;
  /** Structured log lines (default: none). */
  log?: Log;
}

export interface RunningSandbox {
  /** The public origin, e.g. http://localhost:4010. */
  url: string;
  port: number;
  /** Upstream base URLs as the gateway's configuration takes them. */
  customerSetupUrl: string;
  llmUrl: string;
  dashboardUrl: string;
  /** OIDC issuer (`<url>/oidc`) and the gateway's client. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The fault-switch admin API, when started. */
  adminUrl?: string;
  /** Fault switches, programmatically. */
  faults: FaultSwitches;
  db: SandboxDatabase;
  engine: WorkflowEngine;
  /** Stops the runner and the servers, then closes the database. */
  close(): Promise<void>;
}

async function listen(server: http.Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

async function stop(server: http.Server): Promise<void> {
  if (!server.listening) return;
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 2000).unref();
  });
}

/** Starts the whole sandbox: database (seeded on first start), runner, HTTP servers. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const log = options.log ?? (() => {});
  const host = options.host ?? '127.0.0.1';
  const clientSecret = options.clientSecret ?? DEFAULT_CLIENT_SECRET;
  const db = options.inMemory
    ? openDatabase({ inMemory: true })
    : openDatabase({ dataDir: options.dataDir ?? DEFAULT_DATA_DIR });
  const servers: http.Server[] = [];
  let runner: WorkflowRunner | undefined;
  try {
    const engine = new WorkflowEngine(db, {
      stepMs: options.stepMs ?? 10_000,
      failureRate: options.failureRate ?? 0.15,
      failureSeed: options.failureSeed ?? 'sandbox',
    });
    if (!isSeeded(db)) {
      const started = Date.now();
      seedDatabase(db, engine, Date.now(), { extraSetups: options.extraSetups ?? 0 });
      log({ msg: 'sandbox database seeded', ms: Date.now() - started });
    }
    runner = new WorkflowRunner(engine, log);
    const ctx: SandboxContext = { db, engine, runner, log };

    // Listen first: the default public URL (and so the issuer) needs the port.
    const server = http.createServer();
    servers.push(server);
    const port = await listen(server, options.port ?? 0, host);
    const url = (options.publicUrl ?? `http://localhost:${port}`).replace(/\/+$/, '');
    const faults = new FaultSwitches();
    const identity = createIdentityProvider(db, {
      publicUrl: url,
      clientSecret,
      redirectUris: options.redirectUris ?? [`${DEFAULT_GATEWAY_URL}${SIGN_IN_CALLBACK.path}`],
      postLogoutRedirectUris: options.postLogoutRedirectUris ?? [`${DEFAULT_GATEWAY_URL}/login`],
      ...(options.idTokenEmail === undefined ? {} : { idTokenEmail: options.idTokenEmail }),
    });
    server.on('request', createSandboxApp(ctx, { faults, identityProvider: identity.router }));

    let adminUrl: string | undefined;
    if (options.adminPort !== undefined) {
      const admin = http.createServer(createAdminApp(faults, new WorkflowControl(db, engine)));
      servers.push(admin);
      const adminPort = await listen(admin, options.adminPort, host);
      adminUrl = `http://${host.includes(':') ? `[${host}]` : host}:${adminPort}`;
    }
    runner.schedule();

    let closing: Promise<void> | undefined;
    return {
      url,
      port,
      customerSetupUrl: `${url}/customer-setup`,
      llmUrl: `${url}/llm`,
      dashboardUrl: `${url}/dashboard`,
      issuer: identity.issuer,
      clientId: CLIENT_ID,
      clientSecret,
      ...(adminUrl ? { adminUrl } : {}),
      faults,
      db,
      engine,
      close() {
        closing ??= (async () => {
          runner?.close();
          await Promise.all(servers.map(stop));
          db.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    runner?.close();
    await Promise.all(servers.map(stop));
    db.close();
    throw error;
  }
}
