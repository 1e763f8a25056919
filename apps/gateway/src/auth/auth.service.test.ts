import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { Request, Response } from 'express';
import request from 'supertest';
import { oidcClientPerFile } from '../../test/support/discovery-server.js';
import { Scrape } from '../../test/support/metrics.js';
import { pinoLoggerOf } from '../../test/support/pino-logger.js';
import { sessionApp, sessionCookie } from '../../test/support/session-app.js';
import { GatewayMetrics } from '../metrics/gateway-metrics.js';
import { AuthService } from './auth.service.js';
import { SqliteSessionStore } from './session/sqlite-session.store.js';

const { oidc } = oidcClientPerFile();

const apps: { close: () => void }[] = [];
afterEach(() => {
  jest.restoreAllMocks();
  for (const made of apps.splice(0)) made.close();
});

/** The sign-in's last step, the logout and the config read, as the SSO controller calls them. */
function app() {
  const metrics = new GatewayMetrics({ processMetrics: false });
  const made = sessionApp((server, config, logger) => {
    const auth = new AuthService(config, oidc(), metrics, pinoLoggerOf(logger));
    const handle =
      (fn: (req: Request, res: Response) => unknown) =>
      (req: Request, res: Response, next: (err: unknown) => void) => {
        Promise.resolve(fn(req, res)).then((body) => res.json(body), next);
      };
    server.post(
      '/api/sign-in',
      handle((req) =>
        auth.signIn(req, {
          email: 'op@example.com',
          returnTo: '/prompts',
          ...(typeof req.query.idToken === 'string' ? { idToken: req.query.idToken } : {}),
        } as Parameters<AuthService['signIn']>[1]),
      ),
    );
    server.post(
      '/api/logout',
      handle((req, res) => auth.signOut(req, res)),
    );
    server.get(
      '/api/config',
      handle((req) => auth.currentConfig(req)),
    );
    server.get(
      '/api/id-token',
      handle((req) => ({ idToken: req.session.idToken ?? null })),
    );
  });
  apps.push(made);
  const signIns = async (): Promise<Record<string, number>> =>
    Object.fromEntries(
      new Scrape(await metrics.registry.metrics()).samples
        .filter((s) => s.name.endsWith('sign_ins_total'))
        .map((s): [string, number] => [s.labels.outcome ?? '', s.value]),
    );
  const audits = () => made.logs.find((l) => l.audit === true);
  return { ...made, signIns, audits };
}

const cookieOf = (res: request.Response) => sessionCookie(res)!.split(';')[0]!;

describe('signing an operator in', () => {
  it('keeps the operator in a new session, counts and audits the sign-in, and lands where asked', async () => {
    const { server, signIns, audits } = app();
    const res = await request(server).post('/api/sign-in');
    expect(res.body).toBe('/prompts');
    const config = await request(server).get('/api/config').set('Cookie', cookieOf(res));
    expect(config.body).toEqual({
      user: { email: 'op@example.com' },
      dashboardBaseUrl: 'https://dashboards.example',
    });
    expect(await signIns()).toEqual({ success: 1 });
    expect(audits()).toEqual([
      expect.objectContaining({
        msg: 'audit',
        audit: true,
        user: 'op@example.com',
        operation: 'session.signIn',
        outcome: 'success',
      }),
    ]);
  });

  it('keeps the ID token for the logout only when the identity provider gave one', async () => {
    const { server } = app();
    const withToken = cookieOf(await request(server).post('/api/sign-in?idToken=eyJ.a.b'));
    const without = cookieOf(await request(server).post('/api/sign-in'));
    const idToken = async (cookie: string) =>
      (await request(server).get('/api/id-token').set('Cookie', cookie)).body as object;
    expect(await idToken(withToken)).toEqual({ idToken: 'eyJ.a.b' });
    expect(await idToken(without)).toEqual({ idToken: null });
  });

  it('answers 503 and counts the sign-in as store_unavailable when the session cannot be kept', async () => {
    const { server, close, signIns, audits } = app();
    close();
    const res = await request(server).post('/api/sign-in');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'SESSION_STORE_UNAVAILABLE' });
    expect(await signIns()).toEqual({ store_unavailable: 1 });
    expect(audits()).toEqual([]);
  });
});

describe('signing an operator out', () => {
  it('ends the session, drops the cookie, audits the operator and answers the provider’s logout', async () => {
    const { server, audits } = app();
    const cookie = cookieOf(await request(server).post('/api/sign-in?idToken=eyJ.a.b'));
    const res = await request(server).post('/api/logout').set('Cookie', cookie);
    const logout = new URL(res.body as string);
    expect(logout.searchParams.get('id_token_hint')).toBe('eyJ.a.b');
    expect(sessionCookie(res)).toMatch(/^onboarding\.sid=;.*Expires=Thu, 01 Jan 1970/);
    expect((await request(server).get('/api/config').set('Cookie', cookie)).status).toBe(401);
    expect(audits().map((l) => [l.operation, l.user, l.outcome])).toEqual([
      ['session.signIn', 'op@example.com', 'success'],
      ['session.logout', 'op@example.com', 'success'],
    ]);
  });

  it('audits no one for a logout without a session', async () => {
    const { server, audits } = app();
    const res = await request(server).post('/api/logout');
    expect(res.status).toBe(200);
    expect(audits()).toEqual([]);
  });

  it('answers 503 and audits nothing when the session store cannot end the session', async () => {
    const { server, audits } = app();
    const cookie = cookieOf(await request(server).post('/api/sign-in'));
    // The store still reads, but fails to delete: a fault a real SQLite gives on no request.
    jest
      .spyOn(SqliteSessionStore.prototype, 'destroy')
      .mockImplementation((_sid, cb) => cb?.(new Error('disk I/O error')));
    const res = await request(server).post('/api/logout').set('Cookie', cookie);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'SESSION_STORE_UNAVAILABLE' });
    expect(audits().map((l) => l.operation)).toEqual(['session.signIn']);
  });
});
