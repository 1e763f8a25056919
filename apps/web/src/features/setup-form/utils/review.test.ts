import { describe, expect, it } from '@jest/globals';
import { defaultScheduleForm, type Schedule, type ScheduleForm } from '@onboarding/contracts';
import { detectChanges, type EditBaseline, type SetupChanges } from './changes';
import { reviewOf, type ReviewInput } from './review';
import type { SelectedNode, Selections } from './selection';

const node = (id: number, nodePath: string, parentId = id): SelectedNode => ({
  id,
  parentId,
  nodePath,
  taxonomyId: `tax-${id}`,
});

const grocery = node(100, 'Grocery');
const snacks = node(101, 'Grocery > Snacks', 100);
const drinks = node(102, 'Grocery > Drinks', 100);
const bakery = node(103, 'Grocery > Bakery', 100);
const beauty = node(700, 'Beauty');
const toys = node(900, 'Toys');

const stored: Selections = { 4: [grocery, snacks, bakery], 12: [beauty] };

const NAMES: Record<number, string> = { 4: 'Amazon', 12: 'Walmart', 31: 'Target' };

const storedSchedule: Schedule = {
  freq: 'WEEKLY',
  interval: 1,
  byweekday: ['WE'],
  startTime: '05:30',
  startDate: '2026-11-20',
};

/** The stored schedule as the editor opens it. */
const storedForm: ScheduleForm = { ...defaultScheduleForm('2026-11-20'), enabled: true };

const baselineOf = (schedule: Schedule | null): EditBaseline => ({
  brands: ['Acme', 'Globex'],
  nodeIds: { 4: [100, 101, 103], 12: [700] },
  schedule,
});

interface Edit {
  baseline?: EditBaseline;
  brands?: string;
  retailerIds?: readonly number[];
  selections?: Selections;
  schedule?: ScheduleForm | null;
  changes?: SetupChanges;
}

/** The review of an edit of the stored setup; changes as the edit form detects them. */
function review(edit: Edit = {}) {
  const baseline = edit.baseline ?? baselineOf(null);
  const current = {
    brands: edit.brands ?? 'Acme, Globex',
    retailerIds: edit.retailerIds ?? [4, 12],
    selections: edit.selections ?? stored,
    schedule: edit.schedule ?? null,
  };
  const input: ReviewInput = {
    ...current,
    baseline,
    storedSelections: stored,
    changes: edit.changes ?? detectChanges(baseline, current),
    retailerName: (id) => NAMES[id] ?? `Retailer ${id}`,
  };
  return reviewOf(input);
}

describe('the review of a setup update: brands', () => {
  it('shows nothing when only the order of the nodes changed', () => {
    expect(review({ selections: { ...stored, 4: [bakery, snacks, grocery] } })).toEqual({
      fields: [],
      lists: [],
    });
  });

  it('shows the brand lists before and after, as they are sent', () => {
    expect(review({ brands: ' Globex ,Acme,, Initech ' }).fields).toEqual([
      { label: 'Brands', before: 'Acme, Globex', after: 'Globex, Acme, Initech' },
    ]);
  });

  it('shows a dash for no brands', () => {
    expect(review({ brands: ' , ' }).fields).toEqual([
      { label: 'Brands', before: 'Acme, Globex', after: '—' },
    ]);
    const noBrands: EditBaseline = { ...baselineOf(null), brands: [] };
    expect(review({ baseline: noBrands, brands: 'Acme' }).fields).toEqual([
      { label: 'Brands', before: '—', after: 'Acme' },
    ]);
  });
});

describe('the review of a setup update: schedule', () => {
  it('shows a schedule switched on, then each of its fields against a dash', () => {
    const schedule: ScheduleForm = {
      ...storedForm,
      interval: 2,
      byweekday: ['MO', 'FR'],
      end: 'ON_DATE',
      endDate: '2026-12-31',
    };
    expect(review({ schedule }).fields).toEqual([
      { label: 'Schedule', before: 'Off', after: 'On' },
      { label: 'Start Date', before: '—', after: '2026-11-20' },
      { label: 'Start Time (UTC)', before: '—', after: '05:30' },
      { label: 'Interval (weeks)', before: '—', after: '2' },
      { label: 'Weekdays', before: '—', after: 'MO, FR' },
      { label: 'End', before: '—', after: 'ON DATE 2026-12-31' },
    ]);
  });

  it('shows an end of NEVER, and no weekdays row when none is ticked', () => {
    const schedule: ScheduleForm = { ...storedForm, byweekday: [] };
    expect(review({ schedule }).fields).toEqual([
      { label: 'Schedule', before: 'Off', after: 'On' },
      { label: 'Start Date', before: '—', after: '2026-11-20' },
      { label: 'Start Time (UTC)', before: '—', after: '05:30' },
      { label: 'Interval (weeks)', before: '—', after: '1' },
      { label: 'End', before: '—', after: 'NEVER' },
    ]);
  });

  it('shows only that the schedule is switched off, not its fields', () => {
    const baseline = baselineOf(storedSchedule);
    expect(review({ baseline, schedule: { ...storedForm, enabled: false } }).fields).toEqual([
      { label: 'Schedule', before: 'On', after: 'Off' },
    ]);
  });

  it('shows only the fields a changed schedule changes', () => {
    const schedule: ScheduleForm = {
      ...storedForm,
      interval: 2,
      byweekday: ['MO', 'WE'],
      end: 'ON_DATE',
      endDate: '2026-12-31',
    };
    expect(review({ baseline: baselineOf(storedSchedule), schedule }).fields).toEqual([
      { label: 'Interval (weeks)', before: '1', after: '2' },
      { label: 'Weekdays', before: 'WE', after: 'MO, WE' },
      { label: 'End', before: 'NEVER', after: 'ON DATE 2026-12-31' },
    ]);
  });

  it('shows an end date taken away as a return to NEVER', () => {
    const baseline = baselineOf({ ...storedSchedule, endDate: '2026-12-31' });
    expect(review({ baseline, schedule: storedForm }).fields).toEqual([
      { label: 'End', before: 'ON DATE 2026-12-31', after: 'NEVER' },
    ]);
  });

  it('shows the brands before the schedule', () => {
    const schedule: ScheduleForm = { ...storedForm, startTime: '07:00' };
    const { fields } = review({ baseline: baselineOf(storedSchedule), brands: 'Acme', schedule });
    expect(fields.map((f) => f.label)).toEqual(['Brands', 'Start Time (UTC)']);
  });

  it('shows no schedule rows when the changes report no schedule update or removal', () => {
    const changes: SetupChanges = {
      brandsChanged: false,
      scheduleUpdate: false,
      scheduleRemove: false,
      nodesChangedRetailerIds: [],
      changedRetailerIds: [],
      any: false,
    };
    const schedule: ScheduleForm = { ...storedForm, interval: 3 };
    expect(review({ baseline: baselineOf(storedSchedule), schedule, changes }).fields).toEqual([]);
  });
});

describe('the review of a setup update: retailers and nodes', () => {
  it('lists the nodes added and removed on each retailer by their paths, in list order', () => {
    const selections: Selections = { ...stored, 4: [drinks, grocery, toys] };
    expect(review({ selections })).toEqual({
      fields: [],
      lists: [
        {
          label: 'Amazon: nodes',
          added: ['Grocery > Drinks', 'Toys'],
          removed: ['Grocery > Snacks', 'Grocery > Bakery'],
        },
      ],
    });
  });

  it('lists an added retailer and then its nodes', () => {
    const selections: Selections = { ...stored, 31: [toys] };
    expect(review({ retailerIds: [4, 12, 31], selections }).lists).toEqual([
      { label: 'Retailers', added: ['Target'], removed: [] },
      { label: 'Target: nodes', added: ['Toys'], removed: [] },
    ]);
  });

  it('lists an added retailer with no nodes under Retailers only', () => {
    expect(review({ retailerIds: [4, 12, 31] }).lists).toEqual([
      { label: 'Retailers', added: ['Target'], removed: [] },
    ]);
  });

  it('lists the nodes of each changed retailer in the order of the changes', () => {
    const selections: Selections = { 4: [grocery, snacks], 12: [] };
    expect(review({ selections }).lists).toEqual([
      { label: 'Amazon: nodes', added: [], removed: ['Grocery > Bakery'] },
      { label: 'Walmart: nodes', added: [], removed: ['Beauty'] },
    ]);
  });

  it('does not list nodes for retailers the brands change alone sends', () => {
    expect(review({ brands: 'Acme' }).lists).toEqual([]);
  });
});
