import { describe, expect, it } from '@jest/globals';
import { WatchStreamQuerySchema } from '../src/index.js';

const sequence = (lastEventId: string) => WatchStreamQuerySchema.safeParse({ lastEventId });

describe("the failure watch's lastEventId (a sequence of digits)", () => {
  it.each(['0', '42', '9'.repeat(16)])('takes %s as a number', (text) => {
    expect(sequence(text)).toEqual({ success: true, data: { lastEventId: Number(text) } });
  });

  it.each(['', '4x', 'x4', '-1', '1.5', ' 7', '9'.repeat(17)])('refuses %j', (text) => {
    const result = sequence(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['lastEventId']);
  });

  it('says what a sequence is', () => {
    expect(sequence('4x').error?.issues[0]?.message).toBe('Must be an event sequence (digits)');
  });

  it('may be left out, and takes no other parameter', () => {
    expect(WatchStreamQuerySchema.safeParse({})).toEqual({ success: true, data: {} });
    expect(WatchStreamQuerySchema.safeParse({ since: '4' }).success).toBe(false);
  });
});
