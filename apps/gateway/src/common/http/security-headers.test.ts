import { describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import type { GatewayConfig } from '../../config/app-config.js';
import { SecurityHeadersMiddleware } from './security-headers.middleware.js';

function app(secure: boolean) {
  const server = express();
  const headers = new SecurityHeadersMiddleware({
    session: { secureCookie: secure },
  } as GatewayConfig);
  server.use((req, res, next) => headers.use(req, res, next));
  server.get('/{*path}', (_req, res) => res.send('ok'));
  return server;
}

const CSP =
  "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';" +
  "img-src 'self' data:;font-src 'self' data:;connect-src 'self';object-src 'none';" +
  "base-uri 'self';form-action 'self';frame-ancestors 'none'";

/** The value docker/web's nginx sends with the app's files. */
const PERMISSIONS_POLICY =
  'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), ' +
  'magnetometer=(), microphone=(), midi=(), payment=(), usb=(), browsing-topics=()';

describe('security headers', () => {
  it("sets helmet's headers on every answer, with a CSP without inline script", async () => {
    const res = await request(app(false)).get('/setups');
    expect(res.headers).toMatchObject({
      'content-security-policy': CSP,
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // Features the console never uses are denied (helmet sets none of this).
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
      expect(res.headers['permissions-policy']).toContain(`${feature}=()`);
  });

  it('adds HSTS and upgrade-insecure-requests when the public URL is https', async () => {
    const res = await request(app(true)).get('/');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['content-security-policy']).toBe(`${CSP};upgrade-insecure-requests`);
  });

  it('marks API answers no-store, and only them', async () => {
    const api = await request(app(false)).get('/api/config');
    expect(api.headers).toMatchObject({ 'cache-control': 'no-store', pragma: 'no-cache' });
    expect((await request(app(false)).get('/api')).headers['cache-control']).toBe('no-store');
    expect((await request(app(false)).get('/apis')).headers['cache-control']).toBeUndefined();
    expect((await request(app(false)).get('/')).headers['cache-control']).toBeUndefined();
  });

  it("denies every browser feature the console never uses, with nginx's exact value, on pages and API answers alike", async () => {
    for (const path of ['/', '/setups', '/api', '/api/config']) {
      const res = await request(app(false)).get(path);
      expect({ path, policy: res.headers['permissions-policy'] }).toEqual({
        path,
        policy: PERMISSIONS_POLICY,
      });
    }
  });
});
