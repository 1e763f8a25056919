import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fleetOps, type FleetHealth } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FakeGateway } from '@test/fake-gateway';
import { screenTestHooks } from '@test/screen-hooks';
import { createQueryClient } from '../query-client';
import { useFleetHealth } from './fleet-health';
import { expectAbortedOnLeave } from '@test/abort-on-leave';

screenTestHooks();

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
});
afterEach(() => {
  jest.useRealTimers();
});

/** The gateway's health answer, in the snapshot state the test sets. */
function healthGateway() {
  let state: FleetHealth['state'] = 'ready';
  const gateway = new FakeGateway()
    .on(fleetOps.health, () => fixtures.fleetHealth({ state }))
    .install();
  return {
    gateway,
    calls: () => gateway.callsTo(fleetOps.health).length,
    setState: (next: FleetHealth['state']) => {
      state = next;
    },
  };
}

function renderHealth(productId: number | null) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(({ id }: { id: number | null }) => useFleetHealth(id), {
    wrapper,
    initialProps: { id: productId },
  });
}

const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

describe("a flow's health from the fleet snapshot", () => {
  it("asks the Category Leaderboard's health by its flow name", async () => {
    const { gateway } = healthGateway();
    const { result } = renderHealth(null);
    await advance(0);
    expect(result.current.data?.state).toBe('ready');
    expect(gateway.callsTo(fleetOps.health).map((r) => r.query)).toEqual([{ flow: 'rem_omni' }]);
  });

  it("asks a product's health by its id, and each product's apart", async () => {
    const { gateway } = healthGateway();
    const { result, rerender } = renderHealth(7);
    await advance(0);
    expect(result.current.data).toBeDefined();
    rerender({ id: 8 });
    await advance(0);
    expect(gateway.callsTo(fleetOps.health).map((r) => r.query)).toEqual([
      { flow: 'meta', productId: '7' },
      { flow: 'meta', productId: '8' },
    ]);
  });

  it('asks again every 30 s while the snapshot is ready', async () => {
    const { calls } = healthGateway();
    renderHealth(null);
    await advance(0);
    expect(calls()).toBe(1);
    await advance(29_900);
    expect(calls()).toBe(1);
    await advance(200);
    expect(calls()).toBe(2);
    await advance(30_000);
    expect(calls()).toBe(3);
  });

  it('asks every 3 s while the first snapshot is read, every 30 s once ready', async () => {
    const { calls, setState } = healthGateway();
    setState('building');
    renderHealth(null);
    await advance(0);
    await advance(3_000);
    await advance(3_000);
    expect(calls()).toBe(3);
    setState('ready');
    await advance(3_000);
    expect(calls()).toBe(4);
    await advance(27_000);
    expect(calls()).toBe(4);
    await advance(3_000);
    expect(calls()).toBe(5);
  });

  it('stops asking when the screen leaves before the answer', async () => {
    const { gateway } = healthGateway();
    await expectAbortedOnLeave(
      () => renderHealth(null),
      gateway.hold(fleetOps.health),
      () => advance(0),
    );
  });
});
