import { describe, expect, it, jest } from '@jest/globals';
import { watchOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { FakeGateway, type GatewayRequest } from '@test/fake-gateway';
import { screenTestHooks } from '@test/screen-hooks';
import { fetchWatchState, sendSeen } from './watch-state';

screenTestHooks();

describe("the operator's place in the failure watch", () => {
  it('reads the seen sequence and the events kept', async () => {
    const gateway = new FakeGateway()
      .on(watchOps.state, fixtures.watchState({ latest: 13, seen: 10 }))
      .install();
    await expect(fetchWatchState()).resolves.toMatchObject({ latest: 13, seen: 10 });
    expect(gateway.requests.map((r) => [r.method, r.path])).toEqual([['GET', '/api/watch/state']]);
  });

  it('reads it with the caller’s abort signal', async () => {
    new FakeGateway().on(watchOps.state, fixtures.watchState()).install();
    const leave = new AbortController();
    const fetchCalls = jest.spyOn(globalThis, 'fetch');
    try {
      await fetchWatchState(leave.signal);
      expect(fetchCalls.mock.calls[0]?.[1]?.signal).toBe(leave.signal);
    } finally {
      fetchCalls.mockRestore();
    }
  });

  it('marks everything up to a sequence as seen, answering what the gateway stored', async () => {
    const gateway = new FakeGateway()
      .on(watchOps.seen, ({ body }: GatewayRequest) => ({
        seen: Math.min((body as { sequence: number }).sequence, 13),
      }))
      .install();
    await expect(sendSeen(42)).resolves.toEqual({ seen: 13 });
    expect(gateway.bodiesOf(watchOps.seen)).toEqual([{ sequence: 42 }]);
  });
});
