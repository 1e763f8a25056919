import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { InjectPinoLogger, PinoLogger } from 'nestjs-pino';
import type { Server, ServerResponse } from 'node:http';
import type { GatewayConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../tokens.js';

/**
 * server.close() alone waits out keep-alive connections (a minute) and Nest's forceCloseConnections
 * cuts requests in flight; this lets them finish (docs/security.md#shutdown).
 */
@Injectable()
export class ConnectionDrainService implements BeforeApplicationShutdown, OnApplicationShutdown {
  private timers: NodeJS.Timeout[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @InjectPinoLogger(ConnectionDrainService.name) private readonly logger: PinoLogger,
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
  ) {}

  beforeApplicationShutdown(): void {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server) return;
    // First, before Express answers: the answer itself tells the client not to reuse it.
    server.prependListener('request', (_req, res: ServerResponse) =>
      res.setHeader('Connection', 'close'),
    );
    const { shutdownGraceMs, shutdownTimeoutMs } = this.config;
    this.timers = [
      setInterval(() => server.closeIdleConnections(), 25),
      setTimeout(() => {
        this.logger.warn('shutdown timeout: closing the remaining connections');
        server.closeAllConnections();
      }, shutdownGraceMs + shutdownTimeoutMs),
    ];
  }

  onApplicationShutdown(): void {
    for (const timer of this.timers) clearTimeout(timer);
  }
}
