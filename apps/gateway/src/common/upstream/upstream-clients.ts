import type { Logger } from 'pino';
import type { GatewayConfig, UpstreamService } from '../../config/app-config.js';
import { UpstreamClient } from './upstream.client.js';

/** One client per upstream service, built from configuration. */
export class UpstreamClients {
  private readonly clients: Map<UpstreamService, UpstreamClient>;

  constructor(config: GatewayConfig, logger: Logger) {
    this.clients = new Map(
      (Object.keys(config.upstreams) as UpstreamService[]).map((service) => [
        service,
        new UpstreamClient(service, config.upstreams[service], config.upstream, logger),
      ]),
    );
  }

  get(service: UpstreamService): UpstreamClient {
    const client = this.clients.get(service);
    if (!client) throw new Error(`No upstream client for ${service}`);
    return client;
  }

  all(): UpstreamClient[] {
    return [...this.clients.values()];
  }

  close(): void {
    for (const c of this.clients.values()) c.close();
  }
}
