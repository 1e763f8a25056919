import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { ApiError } from './api-error';
import {
  isSessionEnd,
  isSessionEndedState,
  notifyUnauthorized,
  onSessionEnd,
  SESSION_ENDED,
  SESSION_ENDED_STATE,
  sessionAnswered,
  sessionEnding,
  setUnauthorizedHandler,
} from './unauthorized';

const unsubscribe: (() => void)[] = [];

/** A draft keeper for this test only. */
function keeper(keep: () => void = jest.fn()) {
  unsubscribe.push(onSessionEnd(keep));
  return keep;
}

afterEach(() => {
  for (const off of unsubscribe.splice(0)) off();
  setUnauthorizedHandler(null);
});

const apiError = (status: number) =>
  new ApiError({ status, code: 'UNAUTHENTICATED', message: 'Sign in' });

describe('the end of a session (a call answered 401)', () => {
  it('tells the login page the session ended in these words', () => {
    expect(SESSION_ENDED).toBe('Your session ended — sign in again');
    expect(SESSION_ENDED_STATE).toEqual({ sessionEnded: true });
  });

  it('leads to sign-in once, however many calls answer 401 on the way', () => {
    const handler = jest.fn();
    setUnauthorizedHandler(handler);
    notifyUnauthorized();
    notifyUnauthorized();
    notifyUnauthorized();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('keeps every open draft before it leads to sign-in', () => {
    const order: string[] = [];
    setUnauthorizedHandler(() => order.push('sign in'));
    keeper(() => order.push('setup form kept'));
    keeper(() => order.push('prompt form kept'));
    notifyUnauthorized();
    expect(order).toEqual(['setup form kept', 'prompt form kept', 'sign in']);
  });

  it('keeps each draft once per session end', () => {
    const keep = keeper();
    notifyUnauthorized();
    notifyUnauthorized();
    expect(keep).toHaveBeenCalledTimes(1);
  });

  it('no longer keeps a draft whose form has unsubscribed', () => {
    const keep = jest.fn();
    const off = onSessionEnd(keep);
    off();
    notifyUnauthorized();
    expect(keep).not.toHaveBeenCalled();
  });

  it('keeps drafts even when no handler leads to sign-in', () => {
    const keep = keeper();
    expect(() => notifyUnauthorized()).not.toThrow();
    expect(keep).toHaveBeenCalledTimes(1);
  });

  it('is ending from the first 401 until a call answers signed in again', () => {
    setUnauthorizedHandler(jest.fn());
    expect(sessionEnding()).toBe(false);
    notifyUnauthorized();
    expect(sessionEnding()).toBe(true);
    sessionAnswered();
    expect(sessionEnding()).toBe(false);
  });

  it('leads to sign-in again when the next session ends too', () => {
    const handler = jest.fn();
    setUnauthorizedHandler(handler);
    const keep = keeper();
    notifyUnauthorized();
    sessionAnswered();
    notifyUnauthorized();
    expect(handler).toHaveBeenCalledTimes(2);
    expect(keep).toHaveBeenCalledTimes(2);
  });

  it('starts anew when a new handler is set (the router mounted again)', () => {
    setUnauthorizedHandler(jest.fn());
    notifyUnauthorized();
    const next = jest.fn();
    setUnauthorizedHandler(next);
    expect(sessionEnding()).toBe(false);
    notifyUnauthorized();
    expect(next).toHaveBeenCalledTimes(1);
  });
});

describe('telling a session end from another failure', () => {
  it('takes a call answered 401 as the session ending', () => {
    expect(isSessionEnd(apiError(401))).toBe(true);
  });

  it.each([
    ['a refusal (403)', apiError(403)],
    ['a server failure (500)', apiError(500)],
    ['a network failure', new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'x' })],
    ['a plain error', Object.assign(new Error('Unauthorized'), { status: 401 })],
    ['nothing', undefined],
  ])('does not take %s as the session ending', (_name, error) => {
    expect(isSessionEnd(error)).toBe(false);
  });

  it('knows the login page was reached by a session end from its location state', () => {
    expect(isSessionEndedState(SESSION_ENDED_STATE)).toBe(true);
    expect(isSessionEndedState({ ...SESSION_ENDED_STATE, returnTo: '/x' })).toBe(true);
  });

  it.each([
    ['no state', null],
    ['an absent state', undefined],
    ['another state', { returnTo: '/rem_omni/see_all' }],
    ['a text', 'sessionEnded'],
    ['a state saying it did not', { sessionEnded: false }],
  ])('does not say the session ended with %s', (_name, state) => {
    expect(isSessionEndedState(state)).toBe(false);
  });
});
