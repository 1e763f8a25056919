import { describe, expect, it } from '@jest/globals';
import { formatDuration } from './duration';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('durations for people', () => {
  it('counts under a minute as one minute, and shows minutes and hours', () => {
    expect(formatDuration(20_000)).toBe('1 min');
    expect(formatDuration(45 * MINUTE)).toBe('45 min');
    expect(formatDuration(125 * MINUTE)).toBe('2 h 5 min');
    expect(formatDuration(2 * HOUR)).toBe('2 h');
  });

  it('shows days with their hours, and whole days alone', () => {
    expect(formatDuration(3 * DAY + 4 * HOUR)).toBe('3 d 4 h');
    expect(formatDuration(2 * DAY)).toBe('2 d');
    expect(formatDuration(2 * DAY + 59 * MINUTE)).toBe('2 d');
  });
});
