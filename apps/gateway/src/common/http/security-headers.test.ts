import { describe, expect, it } from '@jest/globals';
import type { Request, Response } from 'express';
import { securityHeaders } from './security-headers.js';

/** The headers one pass of the middleware sets for a request to `path`. */
function headersFor(secure: boolean, path: string): Record<string, string> {
  const set: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => (set[name.toLowerCase()] = String(value)),
  };
  let passed = false;
  securityHeaders(secure)({ path } as Request, res as unknown as Response, () => (passed = true));
  expect(passed).toBe(true);
  return set;
}

const CSP =
  "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';" +
  "img-src 'self' data:;font-src 'self' data:;connect-src 'self';object-src 'none';" +
  "base-uri 'self';form-action 'self';frame-ancestors 'none'";

describe('security headers', () => {
  it("sets helmet's headers on every answer, the same for each request", () => {
    const first = headersFor(false, '/setups');
    expect(first).toEqual({
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
    expect(headersFor(false, '/prompts')).toEqual(first);
  });

  it('adds HSTS and upgrade-insecure-requests when the public URL is https', () => {
    const headers = headersFor(true, '/');
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['content-security-policy']).toBe(`${CSP};upgrade-insecure-requests`);
  });

  it('marks API answers no-store, and only them', () => {
    expect(headersFor(false, '/api/config')).toMatchObject({
      'cache-control': 'no-store',
      pragma: 'no-cache',
    });
    expect(headersFor(false, '/api')['cache-control']).toBe('no-store');
    expect(headersFor(false, '/apis')['cache-control']).toBeUndefined();
    expect(headersFor(false, '/')['cache-control']).toBeUndefined();
  });
});
