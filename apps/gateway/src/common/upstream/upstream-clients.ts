import http from 'node:http';
import https from 'node:https';
import { HttpService } from '@nestjs/axios';
import axios, { type CreateAxiosDefaults } from 'axios';
import type { Logger } from 'pino';
import type { GatewayConfig, UpstreamService } from '../../config/app-config.js';
import { UpstreamClient } from './upstream.client.js';

/**
 * One upstream's axios instance: keep-alive, raw bytes (the client reads the JSON), every status
 * an answer, no redirects, no environment proxy, a size cap, none of axios's default headers.
 */
export function upstreamAxiosConfig(
  baseURL: string,
  settings: GatewayConfig['upstream'],
): CreateAxiosDefaults {
  const { maxSockets } = settings;
  const pool = {
    keepAlive: true,
    maxSockets,
    maxFreeSockets: maxSockets,
    scheduling: 'lifo',
  } as const;
  return {
    baseURL,
    allowAbsoluteUrls: false, // a path is always relative to the base URL, whatever it looks like
    httpAgent: new http.Agent(pool),
    httpsAgent: new https.Agent(pool),
    proxy: false,
    maxRedirects: 0,
    maxContentLength: settings.maxResponseBytes,
    responseType: 'arraybuffer',
    transformRequest: [],
    transformResponse: [],
    validateStatus: null,
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
  private readonly clients = new Map<UpstreamService, UpstreamClient>();

  constructor(config: GatewayConfig, logger: Logger) {
    for (const [service, url] of Object.entries(config.upstreams) as [UpstreamService, string][]) {
      const httpService = new HttpService(axios.create(upstreamAxiosConfig(url, config.upstream)));
      this.clients.set(service, new UpstreamClient(service, httpService, config.upstream, logger));
    }
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
