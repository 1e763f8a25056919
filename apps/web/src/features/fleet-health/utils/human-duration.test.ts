import { describe, expect, it } from '@jest/globals';
import { durationAxisUnit, humanDuration, humanDurationOrDash } from './human-duration';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;

describe('humanDuration', () => {
  it.each([
    [0, '0 s'],
    [400, '0 s'],
    [45 * S, '45 s'],
    [59.6 * S, '1 min'],
    [4 * MIN + 10 * S, '4 min 10 s'],
    [12 * MIN, '12 min'],
    [59 * MIN + 59.7 * S, '1 h'],
    [2 * H + 5 * MIN, '2 h 5 min'],
    [H + 59 * MIN + 50 * S, '2 h'],
    [23 * H + 59 * MIN, '23 h 59 min'],
    [23 * H + 59 * MIN + 40 * S, '1 d'],
    [24 * H, '1 d'],
    [26 * H, '1 d 2 h'],
    [3 * 24 * H, '3 d'],
  ])('reads %d ms as "%s"', (ms, text) => {
    expect(humanDuration(ms)).toBe(text);
  });
});

describe('humanDurationOrDash', () => {
  it('reads a measured duration, and shows a dash when none was measured', () => {
    expect(humanDurationOrDash(4 * MIN + 10 * S)).toBe('4 min 10 s');
    expect(humanDurationOrDash(0)).toBe('0 s');
    expect(humanDurationOrDash(null)).toBe('—');
  });
});

describe('durationAxisUnit', () => {
  it.each([
    [90 * S, 's'],
    [2 * MIN, 'min'],
    [80 * MIN, 'min'],
    [2 * H, 'h'],
  ])('draws durations up to %d ms in %s', (ms, unit) => {
    expect(durationAxisUnit(ms).name).toBe(unit);
  });
});
