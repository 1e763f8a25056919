import { describe, expect, it } from '@jest/globals';
import { byStatusOrder, statusWords } from './status-words';

describe('statusWords', () => {
  it.each([
    ['NOT_STARTED', 'Not started'],
    ['in_progress', 'In progress'],
    ['FAILED', 'Failed'],
    ['completed', 'Completed'],
    ['WAITING_FOR_DATA', 'Waiting for data'],
    ['  COMPLETED ', 'Completed'],
    ['_queued_', 'Queued'],
    ['', ''],
  ])('reads the status %j as "%s"', (status, words) => {
    expect(statusWords(status)).toBe(words);
  });
});

describe('byStatusOrder', () => {
  it('sorts the usual statuses from not started to done, whatever their case', () => {
    const statuses = ['FAILED', 'completed', 'IN_PROGRESS', 'started', 'NOT_STARTED'];
    expect(statuses.sort(byStatusOrder)).toEqual([
      'NOT_STARTED',
      'started',
      'IN_PROGRESS',
      'completed',
      'FAILED',
    ]);
  });

  it('puts statuses it does not know after the usual ones, by name', () => {
    const statuses = ['zeta', 'failed', 'PAUSED', 'not_started', 'alpha'];
    expect(statuses.sort(byStatusOrder)).toEqual([
      'not_started',
      'failed',
      'alpha',
      'PAUSED',
      'zeta',
    ]);
  });

  it('answers before, after or the same as a comparator does', () => {
    expect(byStatusOrder('not_started', 'started')).toBeLessThan(0);
    expect(byStatusOrder('failed', 'completed')).toBeGreaterThan(0);
    expect(byStatusOrder('queued', 'failed')).toBeGreaterThan(0);
    expect(byStatusOrder('alpha', 'beta')).toBeLessThan(0);
    expect(byStatusOrder('beta', 'alpha')).toBeGreaterThan(0);
    expect(byStatusOrder('started', 'started')).toBe(0);
  });
});
