import { describe, expect, it } from '@jest/globals';
import { withKey } from '../src/sets.js';

describe('withKey', () => {
  it('adds or removes a key in a new set, leaving the one given as it was', () => {
    const keys: ReadonlySet<string> = new Set(['a']);
    expect([...withKey(keys, 'b', true)]).toEqual(['a', 'b']);
    expect([...withKey(keys, 'a', false)]).toEqual([]);
    expect([...keys]).toEqual(['a']);
  });

  it('gives back the same set when it already is as asked, so a state update renders nothing', () => {
    const keys: ReadonlySet<string> = new Set(['a']);
    expect(withKey(keys, 'a', true)).toBe(keys);
    expect(withKey(keys, 'b', false)).toBe(keys);
  });
});
