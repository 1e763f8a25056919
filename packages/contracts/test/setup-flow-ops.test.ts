import { describe, expect, it } from '@jest/globals';
import { metaOps, SETUP_FLOW_OPS } from '../src/index.js';

const pairs = Object.entries(SETUP_FLOW_OPS);

describe('the pairing of Category Leaderboard and per-product calls', () => {
  it('pairs every per-product call with its Category Leaderboard call, once', () => {
    expect(pairs.map(([, pair]) => pair.meta.id).sort()).toEqual(
      Object.values(metaOps)
        .map((op) => op.id)
        .sort(),
    );
    const remOmniIds = pairs.map(([, pair]) => pair.remOmni.id);
    expect(new Set(remOmniIds).size).toBe(remOmniIds.length);
  });

  it('takes each side from its own area', () => {
    for (const [, pair] of pairs) {
      expect(pair.remOmni.area).toBe('rem_omni');
      expect(pair.meta.area).toBe('meta');
    }
  });

  it('names each pair after its per-product call, the same call name in both areas but for the spelling of worflowData', () => {
    for (const [name, pair] of pairs) {
      expect(pair.meta.name).toBe(name);
      expect(pair.remOmni.name).toBe(name === 'workflowData' ? 'worflowData' : name);
    }
  });

  it('pairs a read with a read and a write with a write, by the same method', () => {
    for (const [, pair] of pairs) {
      expect(pair.remOmni.method).toBe(pair.meta.method);
      expect(Boolean(pair.remOmni.idempotent)).toBe(Boolean(pair.meta.idempotent));
      expect(pair.remOmni.identity ?? []).toEqual(pair.meta.identity ?? []);
    }
  });
});
