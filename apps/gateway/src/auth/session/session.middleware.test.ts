import { afterEach, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { sessionApp, sessionCookie } from '../../../test/support/session-app.js';

const apps: { close: () => void }[] = [];
afterEach(() => {
  for (const made of apps.splice(0)) made.close();
});

/** Three routes behind the session middleware: one that keeps nothing, a sign-in, and a read. */
function app(options: { secureCookie?: boolean } = {}) {
  const made = sessionApp((server) => {
    server.get('/api/anonymous', (_req, res) => {
      res.json({ ok: true });
    });
    server.post('/api/sign-in', (req, res) => {
      req.session.user = { email: 'op@example.com', signedInAt: Date.now() };
      res.json({ ok: true });
    });
    server.get('/api/me', (req, res) => {
      res.json({ email: req.session.user?.email ?? null });
    });
  }, options);
  apps.push(made);
  return made;
}

describe('the session middleware', () => {
  it('sets no cookie and keeps nothing for a request that stores nothing in its session', async () => {
    const { server, calls } = app();
    const res = await request(server).get('/api/anonymous');
    expect(res.status).toBe(200);
    expect(sessionCookie(res)).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('sets the cookie once, at sign-in: HttpOnly, SameSite=Lax, Path=/ and for the browser session', async () => {
    const { server } = app();
    const signIn = await request(server).post('/api/sign-in');
    const cookie = sessionCookie(signIn)!;
    expect(cookie).toMatch(/^onboarding\.sid=s%3A[\w-]{43}\./);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toMatch(/Expires|Max-Age|Secure/);
    const me = await request(server).get('/api/me').set('Cookie', cookie.split(';')[0]!);
    expect(me.body).toEqual({ email: 'op@example.com' });
    expect(sessionCookie(me)).toBeUndefined();
  });

  it('reads an unchanged session without writing it back, and touches it at most once an interval', async () => {
    const { server, calls } = app();
    const cookie = sessionCookie(await request(server).post('/api/sign-in'))!.split(';')[0]!;
    expect(calls).toEqual(['set']);
    for (let i = 0; i < 3; i += 1) await request(server).get('/api/me').set('Cookie', cookie);
    expect(calls.filter((c) => c === 'set')).toHaveLength(1);
    expect(calls.filter((c) => c === 'get')).toHaveLength(3);
    expect(calls.filter((c) => c === 'touch').length).toBeLessThanOrEqual(1);
  });

  it('marks the cookie Secure when the console is served over https, even on a plain hop to the gateway', async () => {
    const { server } = app({ secureCookie: true });
    const res = await request(server).post('/api/sign-in').set('X-Forwarded-Proto', 'http');
    expect(sessionCookie(res)).toContain('Secure');
  });

  it('answers 503 when the store fails, logging the cause', async () => {
    const { server, logs, close } = app();
    const cookie = sessionCookie(await request(server).post('/api/sign-in'))!.split(';')[0]!;
    close();
    // A request left unanswered fails here rather than holding the test.
    const res = await request(server).get('/api/me').set('Cookie', cookie).timeout(2_000);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      code: 'SESSION_STORE_UNAVAILABLE',
      message: 'Sessions are unavailable right now. Try again shortly.',
    });
    expect(logs.find((l) => l.msg === 'session store unavailable')).toEqual([
      expect.objectContaining({ level: 'warn', cause: expect.any(String) }),
    ]);
  });
});
