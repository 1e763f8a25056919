import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import passport from 'passport';
import { DiscoveryServer, oidcSettings } from '../../test/support/discovery-server.js';
import { LogCapture } from '../../test/support/logs.js';
import { ApiException } from '../common/errors/api-exception.js';
import { createLogger } from '../common/logging/logger.js';
import { OidcClient } from './oidc.client.js';

const idp = new DiscoveryServer();
const logs = new LogCapture();
const clients: OidcClient[] = [];

beforeAll(() => idp.start());
afterAll(() => idp.close());
afterEach(() => {
  jest.restoreAllMocks();
  for (const client of clients.splice(0)) client.close();
  idp.answer = 'metadata';
  idp.hits = 0;
  logs.lines.length = 0;
});

function client(issuer = idp.issuer): OidcClient {
  const made = new OidcClient(oidcSettings(issuer), createLogger('info', logs));
  clients.push(made);
  return made;
}

/** What a refused discovery rejects with, as the API would answer it. */
async function refusal(promise: Promise<unknown>) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiException);
  const { code, message, details } = err as ApiException;
  return { status: (err as ApiException).getStatus(), code, message, details };
}

describe('discovering the identity provider', () => {
  it('discovers a plain-http issuer (the sandbox on this machine) and logs it once', async () => {
    const oidc = client();
    const configuration = await oidc.discover();
    expect(configuration.serverMetadata().issuer).toBe(idp.issuer);
    await oidc.discover();
    expect(idp.hits).toBe(1);
    expect(logs.find((l) => l.msg === 'identity provider discovered')).toEqual([
      expect.objectContaining({ level: 'info', issuer: idp.issuer }),
    ]);
  });

  it('answers 503 UPSTREAM_UNAVAILABLE naming the identity provider when discovery fails', async () => {
    idp.answer = 'error';
    expect(await refusal(client().discover())).toEqual({
      status: 503,
      code: 'UPSTREAM_UNAVAILABLE',
      message: 'The sign-in service is unavailable right now.',
      details: { upstream: { service: 'identity-provider', status: 0 }, retryAfter: 1 },
    });
    expect(logs.find((l) => l.msg === 'identity provider discovery failed')).toEqual([
      expect.objectContaining({ level: 'warn', issuer: idp.issuer }),
    ]);
  });

  it('masks credentials in the issuer it logs', async () => {
    idp.answer = 'error';
    const withCredentials = idp.issuer.replace('http://', 'http://user:hunter2@');
    await refusal(client(withCredentials).discover());
    expect(logs.raw).not.toContain('hunter2');
    expect(logs.find((l) => l.msg === 'identity provider discovery failed')).toHaveLength(1);
  });

  it('asks again only a second after a failure, then discovers the provider that came up', async () => {
    const now = jest.spyOn(Date, 'now');
    now.mockReturnValue(1_000_000);
    idp.answer = 'error';
    const oidc = client();
    await refusal(oidc.discover());
    expect(idp.hits).toBe(1);

    idp.answer = 'metadata';
    now.mockReturnValue(1_000_999);
    expect((await refusal(oidc.discover())).code).toBe('UPSTREAM_UNAVAILABLE');
    expect(idp.hits).toBe(1);

    now.mockReturnValue(1_001_000);
    await expect(oidc.discover()).resolves.toBeDefined();
    expect(idp.hits).toBe(2);
  });
});

describe('the passport strategy of a gateway', () => {
  it('is registered once the provider is discovered, the same one each time', async () => {
    const oidc = client();
    const strategy = await oidc.strategy();
    expect(await oidc.strategy()).toBe(strategy);
    expect(strategy.name).toBe(oidc.strategyName);
  });

  it('has a name of its own per gateway in one process', () => {
    expect(client().strategyName).not.toBe(client().strategyName);
  });

  it('is taken out of passport when the gateway closes, and made again after', async () => {
    const oidc = client();
    const first = await oidc.strategy();
    const unuse = jest.spyOn(passport, 'unuse');
    oidc.close();
    expect(unuse).toHaveBeenCalledWith(oidc.strategyName);
    expect(await oidc.strategy()).not.toBe(first);
  });

  it('takes nothing out of passport when it was never made', () => {
    const unuse = jest.spyOn(passport, 'unuse');
    client().close();
    expect(unuse).not.toHaveBeenCalled();
  });

  it('is not made while the provider is down', async () => {
    idp.answer = 'error';
    expect((await refusal(client().strategy())).status).toBe(503);
  });
});

describe('the logout address', () => {
  it('is the provider’s end-session address, back to the login page, with the ID token as hint', async () => {
    const url = new URL(await client().logoutUrl('an-id-token'));
    expect(url.origin + url.pathname).toBe(`${idp.issuer}/session/end`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      post_logout_redirect_uri: 'https://console.example/login',
      client_id: 'console',
      id_token_hint: 'an-id-token',
    });
  });

  it('names no hint without an ID token', async () => {
    const url = new URL(await client().logoutUrl(undefined));
    expect(url.searchParams.has('id_token_hint')).toBe(false);
  });

  it('is the login page when the provider has no end-session address or is down', async () => {
    idp.answer = 'no-end-session';
    expect(await client().logoutUrl('an-id-token')).toBe('https://console.example/login');
    idp.answer = 'error';
    expect(await client().logoutUrl('an-id-token')).toBe('https://console.example/login');
  });
});
