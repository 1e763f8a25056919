import type { FleetSetup } from '@onboarding/contracts';
import type { Published } from './fleet-store.js';

/** Each flow's setups by id, by flow key: what fleet.setups looks its ids up in. */
type SetupIndex = ReadonlyMap<string, ReadonlyMap<number, FleetSetup>>;

// One index per published snapshot: a store hands out the same object while its version is current.
const indexes = new WeakMap<Published, SetupIndex>();

/**
 * The published setups with their forecasts, indexed by id: built once per snapshot (by publish,
 * or by the first request a process serves from a snapshot another process saved in Redis).
 */
export function setupIndex(published: Published): SetupIndex {
  let index = indexes.get(published);
  if (!index) {
    index = new Map(
      Object.entries(published.setups).map(([key, setups]) => {
        const forecasts = new Map(
          (published.metrics[key]?.forecasts ?? []).map((f) => [f.setupId, f]),
        );
        return [
          key,
          new Map(
            setups.map((s) => [s.setupId, { ...s, forecast: forecasts.get(s.setupId) ?? null }]),
          ),
        ];
      }),
    );
    indexes.set(published, index);
  }
  return index;
}
