import { describe, expect, it } from '@jest/globals';
import type { FleetFailure, FlowMetrics } from '@onboarding/contracts';
import type { Published } from '../fleet/fleet-store.js';
import { diffSnapshots, digestOf } from './snapshot-diff.js';

type Row = [setupId: number, retailerId: number, status: string, stepName: string];

/** A Category Leaderboard snapshot of these rows; a failed row's time and message as given. */
function snapshot(
  version: string,
  rows: Row[],
  failed: Record<string, { at: string; message: string }> = {},
): Published {
  const setups = new Map<
    number,
    {
      setupId: number;
      clientName: string;
      clientId: number;
      isNewClient: boolean;
      rows: Published['setups'][string][number]['rows'][number][];
    }
  >();
  const failures: FleetFailure[] = [];
  for (const [setupId, retailerId, status, stepName] of rows) {
    let setup = setups.get(setupId);
    if (!setup)
      setups.set(
        setupId,
        (setup = {
          setupId,
          clientName: `client ${setupId}`,
          clientId: setupId,
          isNewClient: false,
          rows: [],
        }),
      );
    setup.rows.push({
      retailerId,
      retailerName: `retailer ${retailerId}`,
      status,
      stepName,
      ismarketshareEnabled: false,
    });
    if (status === 'FAILED') {
      const f = failed[`${setupId}:${retailerId}`];
      failures.push({
        setupId,
        clientName: setup.clientName,
        clientId: setupId,
        isNewClient: false,
        retailerId,
        retailerName: `retailer ${retailerId}`,
        ismarketshareEnabled: false,
        stepName,
        message: f?.message ?? null,
        failedAt: f?.at ?? null,
      });
    }
  }
  return {
    version,
    takenAt: Date.parse('2026-11-26T05:00:00Z'),
    flows: [
      { flow: 'rem_omni', productId: null, name: 'Category Leaderboard', setups: setups.size },
    ],
    metrics: { rem_omni: { failures } as unknown as FlowMetrics },
    setups: { rem_omni: [...setups.values()] },
  };
}

const diff = (before: Published | null, after: Published) =>
  diffSnapshots(before && digestOf(before), after);

describe('the failure watch diff of two fleet snapshots', () => {
  const running: Row[] = [
    [1, 10, 'RUNNING', 'sti'],
    [1, 11, 'COMPLETED', 'sti'],
  ];

  it('announces nothing for the first snapshot after a start: nothing is new yet', () => {
    expect(diff(null, snapshot('a', [[1, 10, 'FAILED', 'sti']]))).toEqual([]);
  });

  it('announces a setup × retailer that newly failed, with its step and reason', () => {
    const after = snapshot('b', [[1, 10, 'FAILED', 'sti'], running[1]!], {
      '1:10': { at: '2026-11-26T04:59:00Z', message: 'STI job timed out' },
    });
    expect(diff(snapshot('a', running), after)).toEqual([
      {
        type: 'failed',
        at: '2026-11-26T05:00:00.000Z',
        flow: 'rem_omni',
        productId: null,
        setupId: 1,
        clientName: 'client 1',
        retailerId: 10,
        retailerName: 'retailer 10',
        stepName: 'sti',
        reason: 'STI job timed out',
      },
    ]);
  });

  it('announces a failure once: the next snapshot with it still failed is silent', () => {
    const failed = { '1:10': { at: '2026-11-26T04:59:00Z', message: 'boom' } };
    const first = snapshot('b', [[1, 10, 'FAILED', 'sti']], failed);
    expect(diff(first, snapshot('c', [[1, 10, 'FAILED', 'sti']], failed))).toEqual([]);
  });

  it('announces a failure again when it failed once more after a re-trigger (a later time)', () => {
    const first = snapshot('b', [[1, 10, 'FAILED', 'sti']], {
      '1:10': { at: '2026-11-26T04:00:00Z', message: 'boom' },
    });
    const again = snapshot('c', [[1, 10, 'FAILED', 'sti']], {
      '1:10': { at: '2026-11-26T04:59:00Z', message: 'boom again' },
    });
    expect(diff(first, again)).toMatchObject([{ type: 'failed', reason: 'boom again' }]);
  });

  it('announces a failed setup × retailer that recovered, with its status now', () => {
    const before = snapshot('a', [[1, 10, 'FAILED', 'sti']]);
    expect(diff(before, snapshot('b', [[1, 10, 'RUNNING', 'sti']]))).toMatchObject([
      { type: 'recovered', setupId: 1, retailerId: 10, stepName: 'sti', status: 'RUNNING' },
    ]);
  });

  it('announces a setup that went live once its every retailer completed, and only then', () => {
    const live = snapshot('b', [
      [1, 10, 'COMPLETED', 'sti'],
      [1, 11, 'COMPLETED', 'sti'],
    ]);
    expect(diff(snapshot('a', running), live)).toEqual([
      expect.objectContaining({ type: 'live', setupId: 1, clientName: 'client 1', retailers: 2 }),
    ]);
    expect(
      diff(
        live,
        snapshot(
          'c',
          live.setups.rem_omni!.flatMap((s) =>
            s.rows.map((r) => [s.setupId, r.retailerId, r.status, r.stepName!] as Row),
          ),
        ),
      ),
    ).toEqual([]);
  });

  it('counts a setup made since the previous snapshot: it failed, or went live, in between', () => {
    const after = snapshot('b', [
      ...running,
      [2, 10, 'FAILED', 'crawling'],
      [3, 10, 'COMPLETED', 'sti'],
    ]);
    expect(diff(snapshot('a', running), after).map((e) => [e.type, e.setupId])).toEqual([
      ['failed', 2],
      ['live', 3],
    ]);
  });

  it('announces nothing for the same snapshot read twice, or a flow the previous one lacked', () => {
    const after = snapshot('b', [[1, 10, 'FAILED', 'sti']]);
    expect(diff(after, after)).toEqual([]);
    const before = { ...snapshot('a', running), flows: [], setups: {} };
    expect(diff(before, after)).toEqual([]);
  });
});
