import {
  splitBrands,
  type BrowseNodeRef,
  type ScheduleForm,
  type SetupAddItem,
  type SetupUpdateItem,
} from '@onboarding/contracts';
import type { SetupChanges } from './changes';
import { schedulePayload } from './schedule-payload';
import { nodesOf, type SelectedNode, type Selections } from './selection';

/** browseNodes of an item: parent_id / id pairs; a top-level node is its own parent. */
function browseNodeRefs(nodes: readonly SelectedNode[]): BrowseNodeRef[] {
  return nodes.map((n) => ({ parent_id: n.parentId, id: n.id }));
}

/** nodeDetails of an item: the nodes' taxonomy ids. */
function nodeDetails(nodes: readonly SelectedNode[]): string[] {
  return nodes.map((n) => n.taxonomyId);
}

/** The client name as the calls take it: trimmed and lower-cased. */
export function wireClientName(name: string): string {
  return name.trim().toLowerCase();
}

export interface PayloadInput {
  clientName: string;
  clientId: number;
  isNewClient: boolean;
  /** The brands text as typed (comma-separated). */
  brands: string;
  /** The selected retailers in order, each with its group's marketshare flag. */
  retailers: readonly { retailerId: number; isMarketShareEnabled: boolean }[];
  selections: Selections;
  /** Null where the form offers no schedule. */
  schedule: ScheduleForm | null;
}

function commonFields(input: PayloadInput, retailer: PayloadInput['retailers'][number]) {
  const nodes = nodesOf(input.selections, retailer.retailerId);
  return {
    retailerId: retailer.retailerId,
    browseNodes: browseNodeRefs(nodes),
    nodeDetails: nodeDetails(nodes),
    isNewClient: input.isNewClient,
    clientName: wireClientName(input.clientName),
    clientId: input.clientId,
    brands: splitBrands(input.brands),
    isMarketShareEnabled: retailer.isMarketShareEnabled,
  };
}

/** addSetup: one item per selected retailer (docs/requirements.md#setup-form-payload). */
export function buildAddItems(input: PayloadInput): SetupAddItem[] {
  const schedule = schedulePayload(input.schedule);
  return input.retailers.map((retailer) => ({
    ...commonFields(input, retailer),
    isScheduled: schedule !== null,
    schedule,
  }));
}

/**
 * updateSetup: one item per retailer that changed (its nodes, or the brands or the schedule,
 * which every retailer carries), with the setup id and what changed.
 */
export function buildUpdateItems(
  input: PayloadInput & { setupId: number; changes: SetupChanges },
): SetupUpdateItem[] {
  const schedule = schedulePayload(input.schedule);
  const changed = new Set(input.changes.changedRetailerIds);
  return input.retailers
    .filter((r) => changed.has(r.retailerId))
    .map((retailer) => ({
      ...commonFields(input, retailer),
      schedule,
      setupId: input.setupId,
      isEdit: true as const,
      isBrandsUpdate: input.changes.brandsChanged,
      isScheduleUpdate: input.changes.scheduleUpdate,
      isScheduleRemove: input.changes.scheduleRemove,
    }));
}
