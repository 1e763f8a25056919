import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import {
  type HealthCheckResult,
  HealthCheckService,
  HealthIndicatorService,
} from '@nestjs/terminus';
import { InjectPinoLogger, PinoLogger } from 'nestjs-pino';
import { APP_CONFIG, OIDC_CLIENT, SESSION_STORE, UPSTREAMS } from '../tokens.js';
import type { GatewayConfig } from '../config/app-config.js';
import type { FailFastSessionStore } from '../auth/session/session-store.js';
import type { UpstreamClient, UpstreamClients } from '../common/upstream/upstream.client.js';
import type { OidcClient } from '../auth/oidc.client.js';

/**
 * Checked at most twice a second whatever the polling rate. The identity provider is needed for
 * sign-in only: degraded at worst (docs/security.md#health-readiness).
 */
@Injectable()
export class ReadinessService {
  /** The last answer's status and checks, to log changes only (a probe polls every few seconds). */
  private reported: string | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(SESSION_STORE) private readonly store: FailFastSessionStore,
    @Inject(UPSTREAMS) private readonly upstreams: UpstreamClients,
    @Inject(OIDC_CLIENT) private readonly oidc: OidcClient,
    @InjectPinoLogger(ReadinessService.name) private readonly logger: PinoLogger,
    @Inject(HealthCheckService) private readonly health: HealthCheckService,
    @Inject(HealthIndicatorService) private readonly indicators: HealthIndicatorService,
  ) {}

  async check(): Promise<HealthCheckResult> {
    const timeout = Math.min(this.config.session.storeTimeoutMs, 1000);
    const attempt = (key: string, probe: () => Promise<unknown>) => () =>
      this.indicators
        .check(key)
        .attempt(async () => void (await probe()))
        .withTimeout(timeout)
        .cacheFor(500);
    const reachable = (client: UpstreamClient) =>
      attempt(client.service, async () => {
        if (!(await client.reachable(timeout))) throw new Error('not reachable');
      });
    const idp = async () => {
      const indicator = this.indicators.check('identity-provider');
      return this.oidc.discover().then(
        () => indicator.up(),
        () => indicator.degraded(),
      );
    };
    const checks = [
      attempt('sessionStore', () => this.store.ping()),
      ...[...this.upstreams.values()].map(reachable),
      idp,
    ];
    return this.report(
      await this.health.check(checks).catch((err: unknown) => {
        if (err instanceof ServiceUnavailableException)
          return err.getResponse() as HealthCheckResult;
        throw err;
      }),
    );
  }

  /**
   * One log line when readiness changes (status or a check), none per probe: not ready is a
   * warning naming the failing checks, not an error with a stack trace.
   */
  private report(result: HealthCheckResult): HealthCheckResult {
    const readiness = result.status;
    const checks = Object.fromEntries(
      Object.entries(result.details).map(([k, v]) => [k, v.status]),
    );
    const key = `${readiness} ${JSON.stringify(checks)}`;
    if (key === this.reported) return result;
    this.reported = key;
    if (readiness === 'error') this.logger.warn({ readiness, checks }, 'not ready');
    else if (readiness === 'shutting_down')
      this.logger.info({ readiness }, 'not ready: shutting down');
    else this.logger.info({ readiness, checks }, 'ready');
    return result;
  }
}
