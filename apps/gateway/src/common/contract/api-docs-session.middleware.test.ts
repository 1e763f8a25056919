import { describe, expect, it } from '@jest/globals';
import express, { type NextFunction, type Request, type Response } from 'express';
import session from 'express-session';
import request from 'supertest';
import type { GatewayConfig } from '../../config/app-config.js';
import { ApiException } from '../errors/api-exception.js';
import { ApiDocsSessionMiddleware } from './api-docs-session.middleware.js';

const HOUR = 3_600_000;
const config = {
  session: { absoluteTimeoutMs: 8 * HOUR, cookieName: 'onboarding.sid', secureCookie: false },
} as GatewayConfig;

/**
 * API_DOCS=session: the docs behind the middleware, with a real session (express-session in
 * memory) that /test-sign-in opens, signed in `ago` ms before now.
 */
function docsApp() {
  const app = express();
  app.use(
    session({
      name: config.session.cookieName,
      secret: 'a-test-secret-of-at-least-32-characters',
      resave: false,
      saveUninitialized: false,
    }),
  );
  app.post('/test-sign-in', (req, res) => {
    const ago = Number(req.query.ago ?? 0);
    req.session.user = { email: 'op@example.com', signedInAt: Date.now() - ago };
    res.status(204).end();
  });
  const middleware = new ApiDocsSessionMiddleware(config);
  app.use('/api/docs', (req, res, next) => middleware.use(req, res, next));
  app.get('/api/docs', (_req, res) => void res.send('<html>Swagger UI</html>'));
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = err instanceof ApiException ? err.getStatus() : 500;
    res.status(status).json({ code: (err as ApiException).code });
  });
  return app;
}

describe('the API docs behind a session (API_DOCS=session)', () => {
  it('answers without a session with the 401 of any API call', async () => {
    const res = await request(docsApp()).get('/api/docs');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 'UNAUTHENTICATED' });
    expect(res.text).not.toContain('Swagger UI');
  });

  it('serves a signed-in operator', async () => {
    const agent = request.agent(docsApp());
    await agent.post('/test-sign-in').expect(204);
    const res = await agent.get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Swagger UI');
  });

  it('refuses a session past its absolute lifetime and drops its cookie, as the API does', async () => {
    const agent = request.agent(docsApp());
    await agent.post(`/test-sign-in?ago=${8 * HOUR + 1000}`).expect(204);
    const res = await agent.get('/api/docs');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 'UNAUTHENTICATED' });
    expect(String(res.headers['set-cookie'])).toMatch(
      /^onboarding\.sid=;.*Expires=Thu, 01 Jan 1970/,
    );
    // The session is gone: signing in again is needed even for the docs.
    expect((await agent.get('/api/docs')).status).toBe(401);
  });
});
