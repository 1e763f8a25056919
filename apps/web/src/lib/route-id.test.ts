import { describe, expect, it } from '@jest/globals';
import { IdSchema } from '@onboarding/contracts';
import { parseRouteId, parseRouteIds } from './route-id';

describe('parseRouteId', () => {
  const MAX = String(Number.MAX_SAFE_INTEGER);

  it.each([
    ['1', 1],
    ['42', 42],
    [MAX, Number.MAX_SAFE_INTEGER],
  ])('reads %s as the id %d', (text, id) => {
    expect(parseRouteId(text)).toBe(id);
  });

  it.each([
    ['absent', undefined],
    ['empty', ''],
    ['zero', '0'],
    ['negative', '-5'],
    ['signed', '+5'],
    ['a leading zero', '007'],
    ['a fraction', '1.5'],
    ['an exponent', '1e3'],
    ['hexadecimal', '0x1f'],
    ['letters', 'abc'],
    ['digits then letters', '12abc'],
    ['spaces', ' 12'],
    ['one beyond the largest safe integer', '9007199254740992'],
    ['huge', '99999999999999999999'],
  ])('refuses %s', (_what, text) => {
    expect(parseRouteId(text)).toBeNull();
  });

  it("accepts exactly the numbers the contracts' IdSchema accepts", () => {
    const samples = ['1', '2', '999', MAX, '9007199254740992', '9007199254740993', '0', '1e3'];
    for (const text of samples) {
      const bySchema = IdSchema.safeParse(Number(text)).success && String(Number(text)) === text;
      expect({ text, accepted: parseRouteId(text) !== null }).toEqual({ text, accepted: bySchema });
    }
  });
});

describe('parseRouteIds', () => {
  it('reads every param of a route, or none when one is bad', () => {
    expect(parseRouteIds({ id: '3', stepId: '8' })).toEqual({ id: 3, stepId: 8 });
    expect(parseRouteIds({ id: '3', stepId: '0' })).toBeNull();
    expect(parseRouteIds({})).toEqual({});
  });

  it('leaves out the rest of the address a splat route matched, which is no id', () => {
    expect(parseRouteIds({ id: '3', '*': 'steps/extra' })).toEqual({ id: 3 });
    expect(parseRouteIds({ '*': '' })).toEqual({});
  });
});
