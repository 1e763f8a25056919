import { describe, expect, it } from '@jest/globals';
import { collectIds } from './audit-ids.js';

const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

describe("the ids an audit line names, from a call's validated request", () => {
  it('takes id and …Id fields with a number or text value, and nothing else', () => {
    expect(
      collectIds({
        id: 7,
        setupId: 101,
        clientId: 'c-1',
        name: 'Acme',
        identity: 'operator@example.com',
        valid: true,
        retailerIds: [1, 2],
        productId: null,
        dashboardId: false,
      }),
    ).toEqual({ id: 7, setupId: 101, clientId: 'c-1' });
  });

  it('finds ids in nested objects and in list items, one value each when they agree', () => {
    expect(
      collectIds({
        setupId: 101,
        retailers: [{ retailerId: 1 }, { retailerId: 1 }],
        schedule: { scheduleId: 'weekly' },
        owner: { setupId: 101 },
      }),
    ).toEqual({ setupId: 101, retailerId: 1, scheduleId: 'weekly' });
  });

  it('lists the different values of one id, each once, in the order met', () => {
    expect(
      collectIds({ retailers: [{ retailerId: 1 }, { retailerId: 2 }, { retailerId: 1 }] }),
    ).toEqual({ retailerId: [1, 2] });
  });

  it('reads an id whose value is an object for the ids inside it', () => {
    expect(collectIds({ parentId: { childId: 2 } })).toEqual({ childId: 2 });
  });

  it('cuts a text id longer than 64 characters to 64 and an ellipsis; one of 64 is kept whole', () => {
    const long = 'a'.repeat(65);
    const exact = 'b'.repeat(64);
    expect(collectIds({ longId: long, exactId: exact, numberId: 10 ** 70 })).toEqual({
      longId: `${'a'.repeat(64)}…`,
      exactId: exact,
      numberId: 10 ** 70,
    });
  });

  it('compares cut values: two long ids alike in their first 64 characters are one', () => {
    const prefix = 'x'.repeat(64);
    expect(collectIds({ items: [{ tagId: `${prefix}1` }, { tagId: `${prefix}2` }] })).toEqual({
      tagId: `${prefix}…`,
    });
  });

  it('reads four levels deep and no deeper', () => {
    expect(collectIds({ a: { b: { c: { dId: 4 } } } })).toEqual({ dId: 4 });
    expect(collectIds({ a: { b: { c: { d: { eId: 5 } } } } })).toEqual({});
  });

  it('reads the first 10 items of a list and keeps 10 values of an id at most', () => {
    const items = range(12).map((n) => ({ retailerId: n }));
    expect(collectIds({ items })).toEqual({ retailerId: range(10) });
    const twelve = Object.fromEntries(range(12).map((n) => [`g${n}`, { retailerId: n }]));
    expect(collectIds(twelve)).toEqual({ retailerId: range(10) });
  });

  it('names 20 ids at most', () => {
    const many = Object.fromEntries(range(25).map((n) => [`field${n}Id`, n]));
    const ids = collectIds(many);
    expect(Object.keys(ids)).toEqual(range(20).map((n) => `field${n}Id`));
  });

  it('names none for a request with no body or a body that is not an object', () => {
    expect(collectIds(undefined)).toEqual({});
    expect(collectIds(null)).toEqual({});
    expect(collectIds('setupId')).toEqual({});
    expect(collectIds(42)).toEqual({});
  });
});
