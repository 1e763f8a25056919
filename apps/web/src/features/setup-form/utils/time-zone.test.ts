import { describe, expect, it } from '@jest/globals';
import { localTimeZone } from './time-zone';

describe('the operator’s time zone', () => {
  it('names an IANA zone whose clock reads as the machine’s, winter and summer', () => {
    const zone = localTimeZone();
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    expect(format.resolvedOptions().timeZone).toBe(zone);
    for (const at of [new Date('2026-01-15T12:45:00Z'), new Date('2026-07-15T12:45:00Z')]) {
      const part = (type: string) =>
        Number(format.formatToParts(at).find((p) => p.type === type)?.value);
      expect([part('day'), part('hour'), part('minute')]).toEqual([
        at.getDate(),
        at.getHours(),
        at.getMinutes(),
      ]);
    }
  });
});
