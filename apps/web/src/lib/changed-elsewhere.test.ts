import { describe, expect, it } from '@jest/globals';
import { CHANGED_ELSEWHERE, differs } from './changed-elsewhere';

describe('a record changed elsewhere since its form opened', () => {
  it('tells the operator that Before is what is saved now', () => {
    expect(CHANGED_ELSEWHERE).toBe(
      'Changed elsewhere since you opened it. “Before” shows what is saved now.',
    );
  });

  it('is not changed when the record reads the same, though read again', () => {
    const opened = { productName: 'Widget Insights', steps: [{ id: 1, order: 1 }], note: null };
    const now = { productName: 'Widget Insights', steps: [{ id: 1, order: 1 }], note: null };
    expect(differs(opened, now)).toBe(false);
    expect(differs(undefined, undefined)).toBe(false);
  });

  it('is changed when a value differs, however deep', () => {
    const opened = { productName: 'Widget Insights', steps: [{ id: 1, order: 1 }] };
    expect(differs(opened, { ...opened, productName: 'Widget Insights 2' })).toBe(true);
    expect(differs(opened, { ...opened, steps: [{ id: 1, order: 2 }] })).toBe(true);
    expect(differs(opened, { ...opened, steps: [] })).toBe(true);
  });

  it('is changed when a field was added or taken away', () => {
    const opened = { productName: 'Widget Insights' };
    expect(differs(opened, { ...opened, productPath: 'widget' })).toBe(true);
    expect(differs(opened, {})).toBe(true);
  });

  it('is changed when a value was cleared', () => {
    expect(differs({ note: 'weekly' }, { note: null })).toBe(true);
    expect(differs({ note: 'weekly' }, null)).toBe(true);
  });
});
