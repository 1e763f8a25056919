import { describe, expect, it } from '@jest/globals';
import { ageText, progressText } from './snapshot-words';

describe('progressText', () => {
  it.each([
    [340, 512, 'read 340 of 512 workflows'],
    [1, 1, 'read 1 of 1 workflow'],
    [0, 1, 'read 0 of 1 workflow'],
    [1, 2, 'read 1 of 2 workflows'],
    [0, 0, 'read 0 of 0 workflows'],
    [1234, 12345, 'read 1,234 of 12,345 workflows'],
  ])('reads %d of %d as "%s"', (read, total, text) => {
    expect(progressText({ read, total })).toBe(text);
  });
});

describe('ageText', () => {
  it.each([
    [40, 'Updated 40 s ago'],
    [0, 'Updated 0 s ago'],
    [250, 'Updated 4 min 10 s ago'],
    [7200, 'Updated 2 h ago'],
  ])('reads an age of %d s as "%s"', (seconds, text) => {
    expect(ageText(seconds)).toBe(text);
  });

  it('reads an age from a clock running ahead as just updated', () => {
    expect(ageText(-5)).toBe('Updated 0 s ago');
  });
});
