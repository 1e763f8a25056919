import { describe, expect, it } from '@jest/globals';
import { maskUrlCredentials } from './mask.js';

describe('maskUrlCredentials', () => {
  it.each([
    ['redis://user:pass@cache:6379', 'redis://***@cache:6379'],
    ['redis://:only-a-password@127.0.0.1:6379/0', 'redis://***@127.0.0.1:6379/0'],
    ['rediss://default:p%40ss@cache.internal', 'rediss://***@cache.internal'],
    // Not encoded as it should be: still nothing of the password is left.
    ['redis://ops:p@ss/w@rd@cache:6379', 'redis://***@cache:6379'],
    [
      'got "http://a:b@idp.example.com/oidc" at start',
      'got "http://***@idp.example.com/oidc" at start',
    ],
    [
      'from http://a:b@one.example to https://c:d@two.example',
      'from http://***@one.example to https://***@two.example',
    ],
  ])('hides the userinfo of %s', (text, masked) => {
    expect(maskUrlCredentials(text)).toBe(masked);
  });

  it.each([
    'https://console.example.com/login?next=/',
    'redis://127.0.0.1:6379',
    'operator@example.com signed in',
  ])('leaves %s as it is', (text) => {
    expect(maskUrlCredentials(text)).toBe(text);
  });
});
