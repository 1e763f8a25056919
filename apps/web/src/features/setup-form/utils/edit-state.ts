import {
  normalizeStartTime,
  WEEKDAYS,
  type BrowseNodesResponse,
  type Schedule,
  type ScheduleForm,
  type SetupDetailsResponse,
  type Weekday,
} from '@onboarding/contracts';
import type { EditBaseline } from './changes';
import { schedulePayload } from './schedule-payload';
import { nodesOf, type SelectedNode, type Selections } from './selection';

/** What the edit form knows of the setup it edits. */
export interface EditContext {
  setupId: number;
  baseline: EditBaseline;
  /** Retailers already in the setup: they stay selected. */
  lockedRetailerIds: readonly number[];
  /** The stored schedule's start date (may have passed; accepted while unchanged). */
  storedStartDate?: string;
}

/**
 * A setup's chosen nodes per retailer, in the stored order: each mapping entry with its node's
 * path and taxonomy id (a mapping whose parent equals itself is a top-level node).
 */
export function selectionsFromBrowseNodes(response: BrowseNodesResponse): Selections {
  const byId = new Map(response.data.browseNodes.map((n) => [n.nodeId, n]));
  const result: Record<number, SelectedNode[]> = {};
  for (const entry of response.data.mapping) {
    const node = byId.get(entry.id);
    const list = (result[entry.retailerId] ??= []);
    if (list.some((n) => n.id === entry.id)) continue;
    list.push({
      id: entry.id,
      parentId: entry.parentId,
      nodePath: node?.nodePath ?? String(entry.id),
      taxonomyId: node?.taxonomyId ?? String(entry.id),
    });
  }
  return result;
}

/** The retailer ids of a setup: its details' retailers, then any only found in the mapping. */
export function setupRetailerIds(details: SetupDetailsResponse, selections: Selections): number[] {
  const ids = details.retailers.map((r) => r.retailerId);
  for (const key of Object.keys(selections)) {
    const id = Number(key);
    if (!ids.includes(id)) ids.push(id);
  }
  return [...new Set(ids)];
}

function isWeekday(value: string): value is Weekday {
  return (WEEKDAYS as readonly string[]).includes(value);
}

/** The stored schedule as the editor edits it, or null when the setup carries none. */
export function scheduleFormFromDetails(details: SetupDetailsResponse): ScheduleForm | null {
  const stored = details.scheduleDetails[0]?.schedule;
  if (!stored) return null;
  return {
    enabled: true,
    freq: 'WEEKLY',
    interval: stored.interval,
    // In the week's order, as the weekday buttons write them: a stored FR, MO is not a change.
    byweekday: (stored.byweekday ?? [])
      .map((d) => d.toUpperCase())
      .filter(isWeekday)
      .sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b)),
    startDate: stored.startDate.slice(0, 10),
    startTime: normalizeStartTime(stored.startTime),
    end: stored.endDate ? 'ON_DATE' : 'NEVER',
    endDate: stored.endDate ? stored.endDate.slice(0, 10) : null,
  };
}

/** What change detection compares against. */
export function editBaseline(
  details: SetupDetailsResponse,
  selections: Selections,
  schedule: ScheduleForm | null,
): EditBaseline {
  const nodeIds: Record<number, number[]> = {};
  for (const id of setupRetailerIds(details, selections)) {
    nodeIds[id] = nodesOf(selections, id).map((n) => n.id);
  }
  const stored: Schedule | null = schedulePayload(schedule);
  return { brands: [...details.brandsDetails.brands], nodeIds, schedule: stored };
}

/** A stored setup as its edit form and review compare it: the baseline and its nodes' paths. */
export interface StoredSetup {
  baseline: EditBaseline;
  selections: Selections;
}

/** The setup as its details and browse nodes answer it (as the edit form opens it). */
export function storedSetupOf(
  details: SetupDetailsResponse,
  nodes: BrowseNodesResponse,
): StoredSetup {
  const selections = selectionsFromBrowseNodes(nodes);
  return {
    baseline: editBaseline(details, selections, scheduleFormFromDetails(details)),
    selections,
  };
}
