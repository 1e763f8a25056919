import http from 'node:http';
import https from 'node:https';
import { HttpService } from '@nestjs/axios';
import axios, { type CreateAxiosDefaults } from 'axios';
import type { Logger } from 'pino';
import type { GatewayConfig, UpstreamService } from '../../config/app-config.js';
import { UpstreamClient } from './upstream.client.js';

/**
 * The axios instance of one upstream: keep-alive connections, its bytes as they come (the client
 * reads the JSON), every status an answer (the fault table decides), nothing in between: no
 * redirect followed, no proxy from the environment, a size cap.
 */
export function upstreamAxiosConfig(
  baseUrl: string,
  settings: GatewayConfig['upstream'],
): CreateAxiosDefaults {
  const pool = {
    keepAlive: true,
    maxSockets: settings.maxSockets,
    maxFreeSockets: settings.maxSockets,
    scheduling: 'lifo' as const,
  };
  return {
    baseURL: baseUrl,
    // A path is always relative to the base URL, whatever it looks like.
    allowAbsoluteUrls: false,
    httpAgent: new http.Agent(pool),
    httpsAgent: new https.Agent(pool),
    proxy: false,
    maxRedirects: 0,
    maxContentLength: settings.maxResponseBytes,
    responseType: 'arraybuffer',
    transformRequest: [],
    transformResponse: [],
    validateStatus: null,
    // `false`: none of axios's own defaults (Accept-Encoding, a form Content-Type) goes out.
    headers: {
      Accept: 'application/json',
      'User-Agent': 'onboarding-gateway',
      'Accept-Encoding': false,
      'Content-Type': false,
    },
  };
}

/** One client per upstream service, built from configuration. */
export class UpstreamClients {
  private readonly clients: Map<UpstreamService, UpstreamClient>;

  constructor(config: GatewayConfig, logger: Logger) {
    this.clients = new Map(
      (Object.keys(config.upstreams) as UpstreamService[]).map((service) => {
        const httpService = new HttpService(
          axios.create(upstreamAxiosConfig(config.upstreams[service], config.upstream)),
        );
        return [service, new UpstreamClient(service, httpService, config.upstream, logger)];
      }),
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
