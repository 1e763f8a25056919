import { describe, expect, it } from '@jest/globals';
import { clientAddressFrom } from './client-address.js';

describe('the client address of a request', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddressFrom('10.0.0.5', '203.0.113.7', 0)).toBe('10.0.0.5');
    expect(clientAddressFrom('10.0.0.5', ['203.0.113.7', '198.51.100.1'], 0)).toBe('10.0.0.5');
  });

  it('is the entry the trusted proxy appended, not what the client put before it', () => {
    expect(clientAddressFrom('10.0.0.5', '203.0.113.7', 1)).toBe('203.0.113.7');
    expect(clientAddressFrom('10.0.0.5', '1.1.1.1, 2.2.2.2, 203.0.113.7', 1)).toBe('203.0.113.7');
    // Several X-Forwarded-For headers count as one list, in order.
    expect(clientAddressFrom('10.0.0.5', ['1.1.1.1', '203.0.113.7'], 1)).toBe('203.0.113.7');
  });

  it('walks back one entry per trusted proxy', () => {
    // client → load balancer (appends the client) → nginx (appends the load balancer) → gateway
    expect(clientAddressFrom('10.0.0.5', '9.9.9.9, 203.0.113.7, 10.0.0.2', 2)).toBe('203.0.113.7');
    // Fewer entries than trusted proxies: the furthest one there is.
    expect(clientAddressFrom('10.0.0.5', '203.0.113.7', 3)).toBe('203.0.113.7');
  });

  it('stops at a malformed entry and keeps the last trusted address', () => {
    expect(clientAddressFrom('10.0.0.5', 'not-an-address', 1)).toBe('10.0.0.5');
    expect(clientAddressFrom('10.0.0.5', '203.0.113.7, evil', 2)).toBe('10.0.0.5');
    expect(clientAddressFrom('10.0.0.5', 'evil, 10.0.0.2', 2)).toBe('10.0.0.2');
    expect(clientAddressFrom('10.0.0.5', '', 1)).toBe('10.0.0.5');
  });

  it('reads IPv6 entries, bracketed or not', () => {
    expect(clientAddressFrom('::1', '2001:db8::1', 1)).toBe('2001:db8::1');
    expect(clientAddressFrom('::1', '[2001:db8::2]', 1)).toBe('2001:db8::2');
  });

  it('is the socket peer when there is no header', () => {
    expect(clientAddressFrom('10.0.0.5', undefined, 1)).toBe('10.0.0.5');
    expect(clientAddressFrom(undefined, undefined, 0)).toBe('unknown');
  });
});
