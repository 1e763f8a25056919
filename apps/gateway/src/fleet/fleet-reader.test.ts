import { describe, expect, it } from '@jest/globals';
import { type AnyOperation, productRegisterOps, remOmniOps } from '@onboarding/contracts';
import { type ExampleRequest, fixtures } from '@onboarding/contracts/testing';
import { readFleet, type ReadOperation } from './fleet-reader.js';

/**
 * The upstreams as the fleet read meets them: `setups` Category Leaderboard setups (one row each,
 * allSetup serving 100 a page) and no products. Each answer comes on a later turn of the event
 * loop, so calls made together are in flight together; the stand-in counts the most at once.
 */
function upstreamOf(setups: number) {
  const rows = Array.from({ length: setups }, (_, i) =>
    fixtures.setupRow({
      setupId: i + 1,
      clientName: `client ${i + 1}`,
      status: 'FAILED',
      stepName: 'sti',
      totalRecords: setups,
    }),
  );
  const seen = { inFlight: 0, mostInFlight: 0, pageOffsets: [] as number[], workflows: 0 };
  const answer = (op: AnyOperation, request: ExampleRequest): unknown => {
    if (op === productRegisterOps.productList) return { products: [] };
    if (op === remOmniOps.allSetup) {
      const { offset, limit } = request.body as { offset: number; limit: number };
      seen.pageOffsets.push(offset);
      return rows.slice(offset, offset + limit);
    }
    if (op === remOmniOps.worflowData) {
      seen.workflows += 1;
      return fixtures.workflowResponse();
    }
    throw new Error(`no upstream answer for ${op.id}`);
  };
  const read = (async (op: AnyOperation, request: ExampleRequest) => {
    seen.inFlight += 1;
    seen.mostInFlight = Math.max(seen.mostInFlight, seen.inFlight);
    try {
      await new Promise((resolve) => setImmediate(resolve));
      return answer(op, request);
    } finally {
      seen.inFlight -= 1;
    }
  }) as ReadOperation;
  return { read, seen };
}

/**
 * FLEET_UPSTREAM_CONCURRENCY (docs/testing.md): the failure board reads the gateway's snapshot
 * (GET /api/fleet/failures), so the "four reads at a time" rule lives in the fleet read, which
 * pages through allSetup and reads each setup's workflow.
 */
describe('the fleet read upstream', () => {
  it.each([4, 1])(
    'reads every allSetup page of 250 setups and each workflow with at most %i calls in flight',
    async (concurrency) => {
      const { read, seen } = upstreamOf(250);
      const { state, calls } = await readFleet(read, { concurrency, previous: null });

      expect(seen.mostInFlight).toBe(concurrency);
      expect([...seen.pageOffsets].sort((a, b) => a - b)).toEqual([0, 100, 200]);
      expect(seen.workflows).toBe(250);
      expect(calls).toEqual({ lists: 4, workflows: 250 });
      expect(state.flows.map((f) => [f.key, f.setups.length])).toEqual([['rem_omni', 250]]);
    },
  );
});
