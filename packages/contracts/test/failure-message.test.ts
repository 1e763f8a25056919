import { describe, expect, it } from '@jest/globals';
import { failureMessageOf } from '../src/index.js';

/**
 * docs/requirements.md#failure-board-groups: a failure is grouped by its status payload's JSON
 * `message` (or `error`, `errorMessage`, `reason`, `detail`), at the top or under `error`.
 */
describe('the failure message of a status payload', () => {
  it.each(['message', 'error', 'errorMessage', 'reason', 'detail'])(
    'is read from %s, at the top of the payload or under error',
    (key) => {
      expect(failureMessageOf(JSON.stringify({ [key]: ' Token expired ' }))).toBe('Token expired');
      expect(failureMessageOf(JSON.stringify({ error: { [key]: 'Quota hit' } }))).toBe('Quota hit');
    },
  );

  it('takes the keys in that order when a payload has several', () => {
    const payload = { detail: 'e', reason: 'd', errorMessage: 'c', error: 'b', message: 'a' };
    expect(failureMessageOf(JSON.stringify(payload))).toBe('a');
    expect(failureMessageOf(JSON.stringify({ ...payload, message: undefined }))).toBe('b');
    expect(failureMessageOf(JSON.stringify({ detail: 'e', reason: 'd', errorMessage: 'c' }))).toBe(
      'c',
    );
    expect(failureMessageOf(JSON.stringify({ detail: 'e', reason: 'd' }))).toBe('d');
  });
});
