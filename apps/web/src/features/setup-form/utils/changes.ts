import { splitBrands, type Schedule, type ScheduleForm } from '@onboarding/contracts';
import { schedulePayload } from './schedule-payload';
import { nodesOf, type Selections } from './selection';

/** What the setup held when the edit form opened. */
export interface EditBaseline {
  brands: readonly string[];
  /** Node ids per retailer. */
  nodeIds: Readonly<Record<number, readonly number[]>>;
  /** The stored schedule payload, or null when the setup has none. */
  schedule: Schedule | null;
}

export interface SetupChanges {
  brandsChanged: boolean;
  /** A schedule is set and differs from the stored one (or there was none). */
  scheduleUpdate: boolean;
  /** The stored schedule is switched off. */
  scheduleRemove: boolean;
  /** Retailers whose node-id set differs, or that were added. */
  nodesChangedRetailerIds: number[];
  /** Retailers that get an update item. */
  changedRetailerIds: number[];
  any: boolean;
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((x) => set.has(x));
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function sameSchedule(a: Schedule | null, b: Schedule | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Change detection of the edit form (docs/requirements.md#setup-form-edit-changes): per retailer,
 * the set of node ids (order does not count) and the brand list; plus the schedule if offered.
 */
export function detectChanges(
  baseline: EditBaseline,
  current: {
    brands: string;
    retailerIds: readonly number[];
    selections: Selections;
    schedule: ScheduleForm | null;
  },
): SetupChanges {
  const brandsChanged = !sameList(baseline.brands, splitBrands(current.brands));
  const nextSchedule = schedulePayload(current.schedule);
  const scheduleUpdate = nextSchedule !== null && !sameSchedule(nextSchedule, baseline.schedule);
  const scheduleRemove = baseline.schedule !== null && nextSchedule === null;

  const nodesChangedRetailerIds = current.retailerIds.filter((retailerId) => {
    const before = baseline.nodeIds[retailerId];
    const now = nodesOf(current.selections, retailerId).map((n) => n.id);
    return before === undefined || !sameSet(before, now);
  });
  const everyRetailer = brandsChanged || scheduleUpdate || scheduleRemove;
  const changedRetailerIds = everyRetailer ? [...current.retailerIds] : nodesChangedRetailerIds;
  return {
    brandsChanged,
    scheduleUpdate,
    scheduleRemove,
    nodesChangedRetailerIds,
    changedRetailerIds,
    any: changedRetailerIds.length > 0,
  };
}
