import { describe, expect, it } from '@jest/globals';
import { fixtures } from '@onboarding/contracts/testing';
import type { SetupRow } from '@onboarding/contracts';
import { walkSetupPages } from './walk-pages';

/** A list of `count` setups with two retailers each, newest first, paged as the upstream does. */
function list(count: number) {
  const rows = Array.from({ length: count }, (_, i) => count - i).flatMap((setupId) =>
    [4, 7].map((retailerId) => fixtures.setupRow({ setupId, retailerId, totalRecords: count })),
  );
  const calls: [number, number][] = [];
  const fetchPage = (offset: number, limit: number): Promise<SetupRow[]> => {
    calls.push([offset, limit]);
    const ids = [...new Set(rows.map((r) => r.setupId))].slice(offset, offset + limit);
    return Promise.resolve(rows.filter((r) => ids.includes(r.setupId)));
  };
  return { fetchPage, calls };
}

describe('reading every page of the setups list', () => {
  it('reads page after page until the last, reporting progress', async () => {
    const { fetchPage, calls } = list(25);
    const progress: string[] = [];
    const rows = await walkSetupPages(
      fetchPage,
      (page, p) => {
        progress.push(`${page.length}:${p.setups}/${p.total}`);
      },
      10,
    );
    expect(rows).toHaveLength(50);
    expect(calls).toEqual([
      [0, 10],
      [10, 10],
      [20, 10],
    ]);
    expect(progress).toEqual(['20:10/25', '20:20/25', '10:25/25']);
  });

  it('stops at totalRecords without asking for an empty page', async () => {
    const { fetchPage, calls } = list(20);
    await walkSetupPages(fetchPage, undefined, 10);
    expect(calls).toHaveLength(2);
  });

  it('keeps a row once when the list moves between two calls', async () => {
    const first = [
      fixtures.setupRow({ setupId: 3, totalRecords: 3 }),
      fixtures.setupRow({ setupId: 2, totalRecords: 3 }),
    ];
    // A new setup arrived: setup 2 slides onto the second page.
    const second = [
      fixtures.setupRow({ setupId: 2, totalRecords: 4 }),
      fixtures.setupRow({ setupId: 1, totalRecords: 4 }),
    ];
    const pages = [first, second, []];
    const rows = await walkSetupPages(
      (offset) => Promise.resolve(pages[offset / 2]!),
      undefined,
      2,
    );
    expect(rows.map((r) => r.setupId)).toEqual([3, 2, 1]);
  });

  it('reads an empty list with one call', async () => {
    const { fetchPage, calls } = list(0);
    expect(await walkSetupPages(fetchPage)).toEqual([]);
    expect(calls).toEqual([[0, 100]]);
  });

  it('reads until a short page when the list does not say its total', async () => {
    const pages = [1, 2, 3].map((n) => [
      fixtures.setupRow({ setupId: n, totalRecords: undefined }),
    ]);
    pages.push([]);
    const calls: number[] = [];
    const rows = await walkSetupPages(
      (offset) => {
        calls.push(offset);
        return Promise.resolve(pages[offset]!);
      },
      undefined,
      1,
    );
    expect(rows.map((r) => r.setupId)).toEqual([1, 2, 3]);
    expect(calls).toEqual([0, 1, 2, 3]);
  });

  it('takes the total from whichever row of a page carries it', async () => {
    const page = [
      fixtures.setupRow({ setupId: 2, totalRecords: undefined }),
      fixtures.setupRow({ setupId: 1, totalRecords: 2 }),
    ];
    const totals: number[] = [];
    const calls: number[] = [];
    await walkSetupPages(
      (offset) => {
        calls.push(offset);
        return Promise.resolve(offset === 0 ? page : []);
      },
      (_rows, p) => {
        totals.push(p.total);
      },
      2,
    );
    expect(totals).toEqual([2]);
    expect(calls).toEqual([0]);
  });

  it('gives up on a list that never ends after 1000 pages', async () => {
    let calls = 0;
    const rows = await walkSetupPages(
      () => {
        calls += 1;
        return Promise.resolve([fixtures.setupRow({ setupId: calls, totalRecords: undefined })]);
      },
      undefined,
      1,
    );
    expect(calls).toBe(1000);
    expect(rows).toHaveLength(1000);
  });
});
