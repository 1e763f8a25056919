import { describe, expect, it } from '@jest/globals';
import type { SessionData } from 'express-session';
import { hasTransaction, keepTransaction, takeTransaction } from './sign-in-transactions.js';

const request = (state: string) => ({ code_verifier: `v-${state}`, nonce: `n-${state}`, state });
const T0 = 1_000_000;

describe('the pending sign-ins of a session', () => {
  it('files each authorization request under its state, with the return target, for 10 minutes', () => {
    const session: Partial<SessionData> = {};
    keepTransaction(session, request('s1'), '/prompts', T0);
    expect(session.signIn).toEqual({
      s1: { codeVerifier: 'v-s1', nonce: 'n-s1', returnTo: '/prompts', expiresAt: T0 + 600_000 },
    });
    expect(takeTransaction(session, 's1', T0 + 599_999).pending?.returnTo).toBe('/prompts');
  });

  it('refuses to file an authorization request without its state or its nonce', () => {
    const session: Partial<SessionData> = {};
    const { state: _state, ...noState } = request('s1');
    const { nonce: _nonce, ...noNonce } = request('s1');
    for (const incomplete of [noState, noNonce])
      expect(() => keepTransaction(session, incomplete, '/', T0)).toThrow(
        'an authorization request without state',
      );
    expect(session.signIn).toBeUndefined();
  });

  it('keeps three at most (several tabs), dropping the oldest and the expired', () => {
    const session: Partial<SessionData> = {};
    keepTransaction(session, request('expired'), '/', T0 - 600_000);
    for (const state of ['a', 'b', 'c', 'd']) keepTransaction(session, request(state), '/', T0);
    expect(Object.keys(session.signIn!)).toEqual(['b', 'c', 'd']);
  });

  it('drops a sign-in whose 10 minutes are up when the next is filed, to the millisecond', () => {
    const session: Partial<SessionData> = {};
    keepTransaction(session, request('ended'), '/', T0 - 600_000);
    keepTransaction(session, request('live'), '/', T0 - 599_999);
    keepTransaction(session, request('new'), '/', T0);
    expect(Object.keys(session.signIn!)).toEqual(['live', 'new']);
  });

  it('says whether a session holds a sign-in of a state, for a state given as text only', () => {
    const session: Partial<SessionData> = {};
    keepTransaction(session, request('1'), '/', T0);
    expect(hasTransaction(session, '1')).toBe(true);
    expect(hasTransaction(session, 1)).toBe(false);
    expect(hasTransaction(session, '2')).toBe(false);
    expect(hasTransaction({}, '1')).toBe(false);
    expect(hasTransaction(undefined, '1')).toBe(false);
  });

  it('uses a transaction once, and refuses it after 10 minutes', () => {
    const session: Partial<SessionData> = {};
    keepTransaction(session, request('s'), '/', T0);
    keepTransaction(session, request('old'), '/', T0);
    expect(takeTransaction(session, 's', T0).pending?.codeVerifier).toBe('v-s');
    expect(takeTransaction(session, 's', T0)).toEqual({ refused: 'unknown transaction' });
    expect(takeTransaction(session, 'old', T0 + 600_000)).toEqual({ refused: 'expired' });
    expect(session.signIn).toEqual({});
  });

  // Every name Object.prototype has, `__proto__` and `constructor` among them.
  it.each(Object.getOwnPropertyNames(Object.prototype))(
    'knows only its own states: %s is an unknown transaction',
    (state) => {
      const session: Partial<SessionData> = {};
      keepTransaction(session, request('real'), '/', T0);
      // Also after a round trip through a JSON store, whose objects have Object's prototype.
      const stored = JSON.parse(JSON.stringify(session)) as Partial<SessionData>;
      expect(takeTransaction(stored, state, T0)).toEqual({ refused: 'unknown transaction' });
      expect(Object.keys(stored.signIn!)).toEqual(['real']);
    },
  );

  it('refuses a callback without a state, or a session without sign-ins', () => {
    expect(takeTransaction({}, 'x', T0)).toEqual({ refused: 'unknown transaction' });
    expect(takeTransaction({ signIn: {} }, undefined, T0)).toEqual({
      refused: 'unknown transaction',
    });
  });
});
