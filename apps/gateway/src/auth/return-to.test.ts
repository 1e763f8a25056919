import { describe, expect, it } from '@jest/globals';
import { safeReturnTo } from './return-to.js';

const ORIGIN = 'http://localhost:8080';

describe('the return target after sign-in', () => {
  it.each([
    ['/setups?page=2', '/setups?page=2'],
    ['http://localhost:8080/product/3/step_detail#top', '/product/3/step_detail#top'],
    ['/', '/'],
  ])('keeps a path on the public origin: %s', (input, expected) => {
    expect(safeReturnTo(input, ORIGIN)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'http://localhost:8080@evil.example/',
    'http://user:pw@localhost:8080/',
    'javascript:alert(1)',
    'data:text/html,x',
    'http://localhost:8081/',
    'https://localhost:8080/',
    '/\tsetups',
    ' /setups',
    '/setups?search=acme foods',
    '/setups\u007f',
    'evil.example',
    '/login',
    '/api/sso/logout',
    '',
    // Paths that the URL parser turns into a protocol-relative '//host'.
    'http://localhost:8080//evil.example/x',
    '/.//evil.example/x',
    // An address the URL parser refuses.
    'http://[::1/x',
  ])('falls back to / for %j', (input) => {
    expect(safeReturnTo(input, ORIGIN)).toBe('/');
  });
});
