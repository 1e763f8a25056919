import { describe, expect, it, jest } from '@jest/globals';
import { fleetOps } from '@onboarding/contracts';
import { FakeGateway } from '@test/fake-gateway';
import { fleetSetup, fleetSetupsFrom } from '@test/fleet';
import { screenTestHooks } from '@test/screen-hooks';
import { createQueryClient } from '../query-client';
import { everyFleetSetupQuery, fetchFleetSetups } from './fleet-setups';

screenTestHooks();

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

/** A snapshot holding setups 1–300. */
function snapshotGateway() {
  const held = range(1, 300).map((id) => fleetSetup(id, null));
  const gateway = new FakeGateway().on(fleetOps.setups, fleetSetupsFrom(held)).install();
  return { gateway, asked: () => gateway.callsTo(fleetOps.setups).map((r) => r.query) };
}

function client() {
  return { queryClient: createQueryClient() };
}

describe('setups by id from the fleet snapshot', () => {
  it("asks the Category Leaderboard's setups by their ids, in the order asked", async () => {
    const { asked } = snapshotGateway();
    const answer = await fetchFleetSetups(null, [12, 3, 7]);
    expect(answer.setups.map((s) => s.setupId)).toEqual([12, 3, 7]);
    expect(asked()).toEqual([{ flow: 'rem_omni', setupIds: '12,3,7' }]);
  });

  it("asks a product's setups by its id", async () => {
    const { asked } = snapshotGateway();
    await fetchFleetSetups(7, [1]);
    expect(asked()).toEqual([{ flow: 'meta', productId: '7', setupIds: '1' }]);
  });

  it('sends the caller’s abort signal', async () => {
    snapshotGateway();
    const leave = new AbortController();
    const fetchCalls = jest.spyOn(globalThis, 'fetch');
    try {
      await fetchFleetSetups(null, [1], leave.signal);
      expect(fetchCalls.mock.calls[0]?.[1]?.signal).toBe(leave.signal);
    } finally {
      fetchCalls.mockRestore();
    }
  });
});

describe('any number of setups by id (the failure board’s forecasts)', () => {
  it('asks 100 ids a call, one call after another, and keeps the order asked', async () => {
    const { asked } = snapshotGateway();
    const ids = range(1, 250).reverse();
    const { queryClient } = client();
    const setups = await queryClient.fetchQuery(everyFleetSetupQuery(null, ids, 'T1'));
    expect(setups.map((s) => s.setupId)).toEqual(ids);
    expect(asked().map((q) => q.setupIds?.split(',').length)).toEqual([100, 100, 50]);
    expect(asked()[1]?.setupIds?.split(',').at(0)).toBe('150');
  });

  it("asks a product's setups by its id, leaving out those not in the snapshot", async () => {
    const { asked } = snapshotGateway();
    const { queryClient } = client();
    const setups = await queryClient.fetchQuery(everyFleetSetupQuery(7, [299, 301, 300], 'T1'));
    expect(setups.map((s) => s.setupId)).toEqual([299, 300]);
    expect(asked()).toEqual([{ flow: 'meta', productId: '7', setupIds: '299,301,300' }]);
  });

  it('keeps apart the answers for ids whose digits run the same', async () => {
    snapshotGateway();
    const { queryClient } = client();
    await queryClient.fetchQuery(everyFleetSetupQuery(null, [1, 23], 'T1'));
    const other = everyFleetSetupQuery(null, [12, 3], 'T1');
    expect(queryClient.getQueryData(other.queryKey)).toBeUndefined();
    const setups = await queryClient.fetchQuery(other);
    expect(setups.map((s) => s.setupId)).toEqual([12, 3]);
  });

  it('asks nothing for no ids', async () => {
    const { gateway } = snapshotGateway();
    const { queryClient } = client();
    await expect(queryClient.fetchQuery(everyFleetSetupQuery(null, [], 'T1'))).resolves.toEqual([]);
    expect(gateway.requests).toHaveLength(0);
  });

  it('asks exactly 100 ids in one call', async () => {
    const { asked } = snapshotGateway();
    const { queryClient } = client();
    await queryClient.fetchQuery(everyFleetSetupQuery(null, range(1, 100), 'T1'));
    expect(asked()).toHaveLength(1);
  });
});
