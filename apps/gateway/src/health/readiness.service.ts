import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, LIFECYCLE, LOGGER, OIDC_CLIENT, SESSION_STORE } from '../tokens.js';
import type { GatewayConfig } from '../config/app-config.js';
import type { Lifecycle } from '../common/lifecycle/lifecycle.js';
import type { FailFastSessionStore } from '../auth/session/session-store.js';
import { UpstreamClients } from '../common/upstream/upstream-clients.js';
import type { OidcClient } from '../auth/oidc.client.js';

export interface Readiness {
  ready: boolean;
  status: 'ready' | 'not_ready' | 'shutting_down';
  checks: Record<string, 'ok' | 'down'>;
}

const SHUTTING_DOWN: Readiness = { ready: false, status: 'shutting_down', checks: {} };

/** /api/ready: the session store answers and every upstream answers HTTP; never while draining. */
@Injectable()
export class ReadinessService {
  private cached: { at: number; value: Readiness } | undefined;
  /** The last answer's status and checks, to log changes only (a probe polls every few seconds). */
  private reported: string | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(LIFECYCLE) private readonly lifecycle: Lifecycle,
    @Inject(SESSION_STORE) private readonly store: FailFastSessionStore,
    @Inject(UpstreamClients) private readonly upstreams: UpstreamClients,
    @Inject(OIDC_CLIENT) private readonly oidc: OidcClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async check(): Promise<Readiness> {
    if (this.lifecycle.draining) return this.report(SHUTTING_DOWN);
    // Probes are cheap but not free: one round per half second whatever the polling rate.
    if (this.cached && Date.now() - this.cached.at < 500) return this.cached.value;
    const timeout = Math.min(this.config.session.storeTimeoutMs, 1000);
    const [store, ...upstreams] = await Promise.all([
      this.store.ping().then(
        () => 'ok' as const,
        () => 'down' as const,
      ),
      ...this.upstreams
        .all()
        .map((c) => c.reachable(timeout).then((ok) => (ok ? ('ok' as const) : ('down' as const)))),
    ]);
    const checks: Record<string, 'ok' | 'down'> = { sessionStore: store };
    this.upstreams.all().forEach((c, i) => (checks[c.service] = upstreams[i] ?? 'down'));
    // The identity provider is needed for sign-in only; it is reported, and discovered lazily.
    checks['identity-provider'] = await this.oidc.discover().then(
      () => 'ok' as const,
      () => 'down' as const,
    );
    const ready =
      checks.sessionStore === 'ok' && this.upstreams.all().every((c) => checks[c.service] === 'ok');
    const value: Readiness = { ready, status: ready ? 'ready' : 'not_ready', checks };
    this.cached = { at: Date.now(), value };
    return this.report(value);
  }

  /**
   * One log line when readiness changes (status or a check), none per probe: not ready is a
   * warning with the failing checks, not an error with a stack trace.
   */
  private report(value: Readiness): Readiness {
    const key = `${value.status} ${JSON.stringify(value.checks)}`;
    if (key === this.reported) return value;
    this.reported = key;
    const { status, checks } = value;
    if (status === 'not_ready') this.logger.warn({ readiness: status, checks }, 'not ready');
    else if (status === 'ready') this.logger.info({ readiness: status, checks }, 'ready');
    else this.logger.info({ readiness: status }, 'not ready: shutting down');
    return value;
  }
}
