import { describe, expect, it } from '@jest/globals';
import { defaultScheduleForm } from '@onboarding/contracts';
import { detectChanges, type EditBaseline } from './changes';
import type { SelectedNode, Selections } from './selection';

const node = (id: number, parentId = id): SelectedNode => ({
  id,
  parentId,
  nodePath: `Path ${id}`,
  taxonomyId: `${id}`,
});

const baseline: EditBaseline = {
  brands: ['Acme', 'Globex'],
  nodeIds: { 4: [1, 2], 12: [7] },
  schedule: null,
};
const same: Selections = { 4: [node(1), node(2, 1)], 12: [node(7)] };
const current = (over: Partial<Parameters<typeof detectChanges>[1]> = {}) => ({
  brands: 'Acme, Globex',
  retailerIds: [4, 12],
  selections: same,
  schedule: null,
  ...over,
});

describe('change detection of the edit form', () => {
  it('finds nothing when nodes and brands are as loaded', () => {
    expect(detectChanges(baseline, current()).any).toBe(false);
  });

  it('does not count a new order of the same nodes or extra spaces in the brands', () => {
    const reordered: Selections = { ...same, 4: [node(2, 1), node(1)] };
    expect(
      detectChanges(baseline, current({ selections: reordered, brands: ' Acme ,Globex, ' })).any,
    ).toBe(false);
  });

  it('finds a changed node set on its retailer only', () => {
    const changes = detectChanges(
      baseline,
      current({ selections: { ...same, 12: [node(7), node(8)] } }),
    );
    expect(changes).toMatchObject({
      any: true,
      brandsChanged: false,
      nodesChangedRetailerIds: [12],
      changedRetailerIds: [12],
    });
  });

  it('finds a swapped node even when the count is the same', () => {
    const changes = detectChanges(baseline, current({ selections: { ...same, 12: [node(9)] } }));
    expect(changes.changedRetailerIds).toEqual([12]);
  });

  it('finds changed brands (order counts, as in a list) on every retailer', () => {
    const changes = detectChanges(baseline, current({ brands: 'Globex, Acme' }));
    expect(changes).toMatchObject({ brandsChanged: true, changedRetailerIds: [4, 12] });
  });

  it('counts an added retailer as changed', () => {
    const changes = detectChanges(
      baseline,
      current({ retailerIds: [4, 12, 31], selections: { ...same, 31: [node(40)] } }),
    );
    expect(changes.changedRetailerIds).toEqual([31]);
  });

  it('counts a new or changed schedule as an update, and switching it off as a removal', () => {
    const on = { ...defaultScheduleForm('2026-11-20'), enabled: true };
    const added = detectChanges(baseline, current({ schedule: on }));
    expect(added).toMatchObject({ scheduleUpdate: true, scheduleRemove: false, any: true });

    const stored = {
      freq: 'WEEKLY' as const,
      interval: 1,
      byweekday: ['WE' as const],
      startTime: '05:30',
      startDate: '2026-11-20',
    };
    const kept = detectChanges({ ...baseline, schedule: stored }, current({ schedule: on }));
    expect(kept.any).toBe(false);
    const changed = detectChanges(
      { ...baseline, schedule: stored },
      current({ schedule: { ...on, interval: 2 } }),
    );
    expect(changed.scheduleUpdate).toBe(true);
    const removed = detectChanges(
      { ...baseline, schedule: stored },
      current({ schedule: { ...on, enabled: false } }),
    );
    expect(removed).toMatchObject({ scheduleRemove: true, scheduleUpdate: false, any: true });
  });
});
