import { describe, expect, it } from '@jest/globals';
import { fleetOps } from '@onboarding/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FakeGateway } from '@test/fake-gateway';
import { fleetListFrom, fleetSetup } from '@test/fleet';
import { screenTestHooks } from '@test/screen-hooks';
import { createQueryClient } from '../query-client';
import { type ChartSelection, MATCHING_PAGE_SIZE, useFleetMatching } from './fleet-matching';

screenTestHooks();

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

/** A bar of 45 setups (1–45), whichever bar is asked. */
function barGateway() {
  const held = range(1, 45).map((id) => fleetSetup(id, null));
  const gateway = new FakeGateway().on(fleetOps.matching, fleetListFrom(held)).install();
  return { gateway, asked: () => gateway.callsTo(fleetOps.matching).map((r) => r.query) };
}

const FAILED_AT_STI: ChartSelection = { chart: 'bucket', stepName: 'sti', status: 'FAILED' };
const AT_STI: ChartSelection = { chart: 'step', stepName: 'sti' };

interface Props {
  productId?: number | null;
  selection?: ChartSelection;
  page?: number;
  snapshotAt?: string | null;
}

function renderBar(initial: Props) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    ({ productId = null, selection = FAILED_AT_STI, page = 1, snapshotAt = 'T1' }: Props) =>
      useFleetMatching(productId, selection, page, snapshotAt),
    { wrapper, initialProps: initial },
  );
  const shown = () => hook.result.current.data?.setups.map((s) => s.setupId);
  return { ...hook, shown };
}

describe("a bar's setups from the fleet snapshot", () => {
  it('pages them 20 at a time, as the setups list does', () => {
    expect(MATCHING_PAGE_SIZE).toBe(20);
  });

  it("asks the Category Leaderboard's bar for its page, and shows it with the bar's total", async () => {
    const { asked } = barGateway();
    const { shown, result } = renderBar({ page: 3 });
    await waitFor(() => expect(shown()).toEqual(range(41, 5)));
    expect(result.current.data?.total).toBe(45);
    expect(asked()).toEqual([{ flow: 'rem_omni', ...FAILED_AT_STI, offset: '40', limit: '20' }]);
  });

  it("asks a product's bar by its product", async () => {
    const { asked } = barGateway();
    const { shown } = renderBar({ productId: 7, selection: AT_STI });
    await waitFor(() => expect(shown()).toEqual(range(1, 20)));
    expect(asked()).toEqual([
      { flow: 'meta', productId: '7', ...AT_STI, offset: '0', limit: '20' },
    ]);
  });

  it('keeps the page shown while the next page of the same bar loads', async () => {
    const { gateway } = barGateway();
    const { shown, rerender, result } = renderBar({ page: 1 });
    await waitFor(() => expect(shown()).toEqual(range(1, 20)));
    const release = gateway.hold(fleetOps.matching);
    rerender({ page: 2 });
    expect(shown()).toEqual(range(1, 20));
    expect(result.current.isPlaceholderData).toBe(true);
    release();
    await waitFor(() => expect(shown()).toEqual(range(21, 20)));
  });

  it("never shows another bar's setups or count while a new bar loads", async () => {
    const { gateway } = barGateway();
    const { shown, rerender, result } = renderBar({ selection: FAILED_AT_STI });
    await waitFor(() => expect(shown()).toEqual(range(1, 20)));
    const release = gateway.hold(fleetOps.matching);
    rerender({ selection: AT_STI });
    expect(result.current.data).toBeUndefined();
    release();
    await waitFor(() => expect(shown()).toEqual(range(1, 20)));
  });

  it('asks again for a newer snapshot, and not otherwise', async () => {
    const { asked } = barGateway();
    const { shown, rerender } = renderBar({});
    await waitFor(() => expect(shown()).toEqual(range(1, 20)));
    rerender({});
    rerender({ snapshotAt: 'T2' });
    await waitFor(() => expect(asked()).toHaveLength(2));
  });
});
