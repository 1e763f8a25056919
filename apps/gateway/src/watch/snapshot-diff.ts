import type { WatchEvent } from '@onboarding/contracts';
import { flowKey } from '../fleet/fleet-reader.js';
import type { Published } from '../fleet/fleet-store.js';

/** An event as the diff finds it, before the log gives it its sequence. */
export type FoundEvent = WatchEvent extends infer E
  ? E extends WatchEvent
    ? Omit<E, 'sequence'>
    : never
  : never;

/** What a snapshot leaves for the next diff: each row's status, and when a failed one failed. */
export interface WatchDigest {
  readonly version: string;
  readonly takenAt: number;
  /** By flow key (fleet-reader.ts flowKey), then by setup id. */
  readonly flows: Readonly<Record<string, Readonly<Record<string, DigestSetup>>>>;
}

interface DigestSetup {
  /** [retailerId, status, failedAt or null], one per retailer row. */
  readonly rows: readonly (readonly [number, string, string | null])[];
}

const isFailed = (status: string) => status.toUpperCase() === 'FAILED';
const isCompleted = (status: string) => status.toUpperCase() === 'COMPLETED';
const rowKey = (setupId: number, retailerId: number) => `${setupId}:${retailerId}`;

/** When each failed setup × retailer of a flow failed, as its metrics give it. */
function failuresOf(published: Published, key: string) {
  return new Map(
    (published.metrics[key]?.failures ?? []).map((f) => [rowKey(f.setupId, f.retailerId), f]),
  );
}

/** The little of a snapshot the next diff needs (kept in memory, or in Redis for every process). */
export function digestOf(published: Published): WatchDigest {
  const flows: Record<string, Record<string, DigestSetup>> = {};
  for (const { productId } of published.flows) {
    const key = flowKey(productId);
    const failures = failuresOf(published, key);
    flows[key] = Object.fromEntries(
      (published.setups[key] ?? []).map((s) => [
        String(s.setupId),
        {
          rows: s.rows.map(
            (r) =>
              [
                r.retailerId,
                r.status,
                isFailed(r.status)
                  ? (failures.get(rowKey(s.setupId, r.retailerId))?.failedAt ?? null)
                  : null,
              ] as const,
          ),
        },
      ]),
    );
  }
  return { version: published.version, takenAt: published.takenAt, flows };
}

/**
 * What changed from the previous snapshot (its digest) to the new one, in list order: a setup ×
 * retailer newly FAILED (or failed again: a later failure time), one that failed no longer, and a
 * setup whose every retailer is now COMPLETED. Nothing is new without a previous snapshot, nor in a
 * flow the previous one did not have (a product added since). A setup new since the previous
 * snapshot counts: it was made and failed, or went live, in between.
 */
export function diffSnapshots(previous: WatchDigest | null, next: Published): FoundEvent[] {
  if (!previous || previous.version === next.version) return [];
  const at = new Date(next.takenAt).toISOString();
  const events: FoundEvent[] = [];
  for (const { flow, productId } of next.flows) {
    const key = flowKey(productId);
    const before = previous.flows[key];
    if (!before) continue;
    const failures = failuresOf(next, key);
    for (const setup of next.setups[key] ?? []) {
      const base = { at, flow, productId, setupId: setup.setupId, clientName: setup.clientName };
      const was = before[String(setup.setupId)];
      const rowBefore = (retailerId: number) => was?.rows.find(([id]) => id === retailerId);
      for (const row of setup.rows) {
        const prior = rowBefore(row.retailerId);
        const { retailerId, retailerName, stepName } = row;
        if (isFailed(row.status)) {
          const failure = failures.get(rowKey(setup.setupId, retailerId));
          const failedAt = failure?.failedAt ?? null;
          const again = prior && failedAt !== null && prior[2] !== null && prior[2] !== failedAt;
          if (!prior || !isFailed(prior[1]) || again)
            events.push({
              type: 'failed',
              ...base,
              retailerId,
              retailerName: failure?.retailerName ?? retailerName,
              stepName,
              reason: failure?.message ?? null,
            });
        } else if (prior && isFailed(prior[1])) {
          events.push({
            type: 'recovered',
            ...base,
            retailerId,
            retailerName,
            stepName,
            status: row.status,
          });
        }
      }
      const live = setup.rows.length > 0 && setup.rows.every((r) => isCompleted(r.status));
      const wasLive = !!was?.rows.length && was.rows.every(([, status]) => isCompleted(status));
      if (live && !wasLive) events.push({ type: 'live', ...base, retailers: setup.rows.length });
    }
  }
  return events;
}
