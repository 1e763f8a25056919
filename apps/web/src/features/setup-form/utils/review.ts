import { splitBrands, type Schedule, type ScheduleForm } from '@onboarding/contracts';
import { diffFields, type FieldChange, type ListChange } from '@onboarding/ui';
import type { EditBaseline, SetupChanges } from './changes';
import { schedulePayload } from './schedule-payload';
import { nodesOf, type Selections } from './selection';

export interface ReviewInput {
  baseline: EditBaseline;
  /** The setup's nodes as the form opened with them (for the paths of removed nodes). */
  storedSelections: Selections;
  brands: string;
  retailerIds: readonly number[];
  selections: Selections;
  schedule: ScheduleForm | null;
  changes: SetupChanges;
  retailerName: (retailerId: number) => string;
}

/** A schedule as the review shows it, one text per field ('' when there is none). */
function shown(schedule: Schedule | null) {
  return {
    startDate: schedule?.startDate ?? '',
    startTime: schedule?.startTime ?? '',
    interval: schedule ? String(schedule.interval) : '',
    byweekday: schedule?.byweekday?.join(', ') ?? '',
    end: !schedule ? '' : schedule.endDate ? `ON DATE ${schedule.endDate}` : 'NEVER',
  };
}

const SCHEDULE_FIELDS = [
  ['startDate', 'Start Date'],
  ['startTime', 'Start Time (UTC)'],
  ['interval', 'Interval (weeks)'],
  ['byweekday', 'Weekdays'],
  ['end', 'End'],
] as const;

/** The schedule switched on or off, then each field the new schedule changes. */
function scheduleFields(before: Schedule | null, after: Schedule | null): FieldChange[] {
  const onOff: FieldChange[] =
    (before === null) === (after === null)
      ? []
      : [{ label: 'Schedule', before: before ? 'On' : 'Off', after: after ? 'On' : 'Off' }];
  if (!after) return onOff;
  return [...onOff, ...diffFields(shown(before), shown(after), SCHEDULE_FIELDS)];
}

/**
 * What an update changes, as the review before it shows it
 * (docs/requirements.md#setup-form-review): brands and schedule before and after, retailers
 * added, and per retailer the nodes added and removed, by their paths.
 */
export function reviewOf(input: ReviewInput): { fields: FieldChange[]; lists: ListChange[] } {
  const { baseline, changes, retailerName } = input;
  const join = (brands: readonly string[]) => brands.join(', ') || '—';
  const fields: FieldChange[] = [
    ...(changes.brandsChanged
      ? [{ label: 'Brands', before: join(baseline.brands), after: join(splitBrands(input.brands)) }]
      : []),
    ...(changes.scheduleUpdate || changes.scheduleRemove
      ? scheduleFields(baseline.schedule, schedulePayload(input.schedule))
      : []),
  ];

  // Retailers of the setup cannot be removed (docs/requirements.md#setup-form-edit-retailers).
  const addedRetailers = input.retailerIds.filter((id) => baseline.nodeIds[id] === undefined);
  const lists: ListChange[] = addedRetailers.length
    ? [{ label: 'Retailers', added: addedRetailers.map(retailerName), removed: [] }]
    : [];
  for (const retailerId of changes.nodesChangedRetailerIds) {
    const before = nodesOf(input.storedSelections, retailerId);
    const after = nodesOf(input.selections, retailerId);
    const beforeIds = new Set(before.map((n) => n.id));
    const afterIds = new Set(after.map((n) => n.id));
    const added = after.filter((n) => !beforeIds.has(n.id)).map((n) => n.nodePath);
    const removed = before.filter((n) => !afterIds.has(n.id)).map((n) => n.nodePath);
    if (added.length || removed.length) {
      lists.push({ label: `${retailerName(retailerId)}: nodes`, added, removed });
    }
  }
  return { fields, lists };
}
