import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import {
  type HealthCheckResult,
  HealthCheckService,
  type HealthIndicatorFunction,
  HealthIndicatorService,
} from '@nestjs/terminus';
import type { Logger } from 'pino';
import { APP_CONFIG, LOGGER, OIDC_CLIENT, SESSION_STORE } from '../tokens.js';
import type { GatewayConfig } from '../config/app-config.js';
import { Lifecycle } from '../common/lifecycle/lifecycle.js';
import type { FailFastSessionStore } from '../auth/session/session-store.js';
import { UpstreamClients } from '../common/upstream/upstream-clients.js';
import type { OidcClient } from '../auth/oidc.client.js';

const SHUTTING_DOWN: HealthCheckResult = {
  status: 'shutting_down',
  info: {},
  error: {},
  details: {},
};

/**
 * /api/ready (terminus): the session store answers and every upstream answers HTTP, each within
 * a deadline and checked at most twice a second whatever the polling rate; never while the
 * gateway drains. The identity provider is needed for sign-in only: reported, degraded at worst.
 */
@Injectable()
export class ReadinessService {
  /** The last answer's status and checks, to log changes only (a probe polls every few seconds). */
  private reported: string | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(Lifecycle) private readonly lifecycle: Lifecycle,
    @Inject(SESSION_STORE) private readonly store: FailFastSessionStore,
    @Inject(UpstreamClients) private readonly upstreams: UpstreamClients,
    @Inject(OIDC_CLIENT) private readonly oidc: OidcClient,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(HealthCheckService) private readonly health: HealthCheckService,
    @Inject(HealthIndicatorService) private readonly indicators: HealthIndicatorService,
  ) {}

  async check(): Promise<HealthCheckResult> {
    if (this.lifecycle.draining) return this.report(SHUTTING_DOWN);
    const timeout = Math.min(this.config.session.storeTimeoutMs, 1000);
    const attempt =
      (key: string, probe: () => Promise<unknown>): HealthIndicatorFunction =>
      () =>
        this.indicators
          .check(key)
          .attempt(async () => {
            await probe();
          })
          .withTimeout(timeout)
          .cacheFor(500);
    const checks: HealthIndicatorFunction[] = [
      attempt('sessionStore', () => this.store.ping()),
      ...this.upstreams.all().map((client) =>
        attempt(client.service, async () => {
          if (!(await client.reachable(timeout))) throw new Error('not reachable');
        }),
      ),
      async () => {
        const idp = this.indicators.check('identity-provider');
        return (await this.oidc.discover().then(
          () => true,
          () => false,
        ))
          ? idp.up()
          : idp.degraded();
      },
    ];
    try {
      return this.report(await this.health.check(checks));
    } catch (err) {
      if (err instanceof ServiceUnavailableException)
        return this.report(err.getResponse() as HealthCheckResult);
      throw err;
    }
  }

  /**
   * One log line when readiness changes (status or a check), none per probe: not ready is a
   * warning naming the failing checks, not an error with a stack trace.
   */
  private report(result: HealthCheckResult): HealthCheckResult {
    const checks = Object.fromEntries(
      Object.entries(result.details).map(([key, value]) => [key, value.status]),
    );
    const key = `${result.status} ${JSON.stringify(checks)}`;
    if (key === this.reported) return result;
    this.reported = key;
    if (result.status === 'error')
      this.logger.warn({ readiness: result.status, checks }, 'not ready');
    else if (result.status === 'shutting_down')
      this.logger.info({ readiness: result.status }, 'not ready: shutting down');
    else this.logger.info({ readiness: result.status, checks }, 'ready');
    return result;
  }
}
