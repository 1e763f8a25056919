import { describe, expect, it } from '@jest/globals';
import { SERIES_COLORS, statusColor } from './chart-colors';

describe('statusColor', () => {
  it.each([
    ['not_started', '#9e9e9e'],
    ['started', '#64b5f6'],
    ['in_progress', '#1565c0'],
    ['completed', '#2e7d32'],
    ['failed', '#c62828'],
  ])('colours a %s bar %s, as its status chip', (status, color) => {
    expect(statusColor(status)).toBe(color);
  });

  it('colours the list rows’ upper-case statuses as the workflow’s lower-case ones', () => {
    expect(statusColor('NOT_STARTED')).toBe('#9e9e9e');
    expect(statusColor('COMPLETED')).toBe('#2e7d32');
    expect(statusColor('Failed')).toBe('#c62828');
  });

  it('colours any other status #f9a825, a colour no usual status has', () => {
    expect(statusColor('PAUSED')).toBe('#f9a825');
    expect(statusColor('')).toBe('#f9a825');
  });
});

describe('SERIES_COLORS', () => {
  it('offers ten colours, each a distinct #rrggbb', () => {
    expect(SERIES_COLORS).toHaveLength(10);
    expect(new Set(SERIES_COLORS).size).toBe(10);
    for (const color of SERIES_COLORS) expect(color).toMatch(/^#[0-9a-f]{6}$/);
  });
});
