import { afterAll, beforeAll } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OidcClient } from '../../src/auth/oidc.client.js';
import { createLogger } from '../../src/common/logging/logger.js';
import type { GatewayConfig } from '../../src/config/app-config.js';

/** A gateway's sign-in settings with `issuer` as its identity provider. */
export const oidcSettings = (issuer: string): GatewayConfig['oidc'] => ({
  issuer,
  clientId: 'console',
  clientSecret: 'a-client-secret',
  redirectUri: 'https://console.example/api/sso/callback',
  postLogoutRedirectUri: 'https://console.example/login',
  allowedEmailDomains: [],
});

/**
 * An identity provider's discovery document on a real port: `answer` says what it serves next
 * (its metadata, with or without an end-session address, or a 500), and `hits` counts the asks.
 */
export class DiscoveryServer {
  answer: 'metadata' | 'no-end-session' | 'error' = 'metadata';
  hits = 0;
  private readonly server: Server = createServer((req, res) => {
    this.hits += 1;
    if (this.answer === 'error' || req.url !== '/oidc/.well-known/openid-configuration') {
      res.writeHead(500).end();
      return;
    }
    const issuer = this.issuer;
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(
      JSON.stringify({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        ...(this.answer === 'metadata' ? { end_session_endpoint: `${issuer}/session/end` } : {}),
      }),
    );
  });

  get issuer(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/oidc`;
  }

  start(): Promise<void> {
    return new Promise((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * For a test file: a DiscoveryServer and a gateway's OidcClient of it, started before its tests
 * and closed after them; `oidc()` is the client.
 */
export function oidcClientPerFile(): { idp: DiscoveryServer; oidc: () => OidcClient } {
  const idp = new DiscoveryServer();
  let client: OidcClient | undefined;
  beforeAll(async () => {
    await idp.start();
    client = new OidcClient(oidcSettings(idp.issuer), createLogger('silent'));
  });
  afterAll(async () => {
    client?.close();
    await idp.close();
  });
  return { idp, oidc: () => client! };
}

/** Runs `test` with a gateway's OidcClient of an identity provider that answers only errors. */
export async function withProviderDown(
  test: (oidc: OidcClient, idp: DiscoveryServer) => Promise<void>,
): Promise<void> {
  const idp = new DiscoveryServer();
  await idp.start();
  idp.answer = 'error';
  try {
    await test(new OidcClient(oidcSettings(idp.issuer), createLogger('silent')), idp);
  } finally {
    await idp.close();
  }
}
