import { describe, expect, it } from '@jest/globals';
import { fixtures } from '@onboarding/contracts/testing';
import {
  editBaseline,
  scheduleFormFromDetails,
  selectionsFromBrowseNodes,
  setupRetailerIds,
  storedSetupOf,
} from './edit-state';
import { scheduleErrors } from './validation';

const browseNodes = fixtures.browseNodesResponse({
  data: {
    mapping: [
      { retailerId: 4, parentId: 10, id: 10 },
      { retailerId: 4, parentId: 10, id: 11 },
      { retailerId: 12, parentId: 20, id: 21 },
    ],
    browseNodes: [
      { taxonomyId: 'T10', nodeId: 10, nodePath: 'Grocery > Snacks', nodeLeaf: false },
      { taxonomyId: 'T11', nodeId: 11, nodePath: 'Grocery > Snacks > Chips', nodeLeaf: true },
      { taxonomyId: 'T21', nodeId: 21, nodePath: 'Food > Candy > Gum', nodeLeaf: true },
    ],
  },
});

describe('the edit form opens with the stored setup', () => {
  it('rebuilds each retailer’s nodes in the stored order', () => {
    const sel = selectionsFromBrowseNodes(browseNodes);
    expect(sel[4]).toEqual([
      { id: 10, parentId: 10, nodePath: 'Grocery > Snacks', taxonomyId: 'T10' },
      { id: 11, parentId: 10, nodePath: 'Grocery > Snacks > Chips', taxonomyId: 'T11' },
    ]);
    expect(sel[12]).toEqual([
      { id: 21, parentId: 20, nodePath: 'Food > Candy > Gum', taxonomyId: 'T21' },
    ]);
  });

  it('lists a node mapped twice for a retailer once, and the same node for two retailers', () => {
    const sel = selectionsFromBrowseNodes(
      fixtures.browseNodesResponse({
        data: {
          mapping: [
            { retailerId: 4, parentId: 10, id: 10 },
            { retailerId: 4, parentId: 10, id: 11 },
            { retailerId: 4, parentId: 10, id: 10 },
            { retailerId: 12, parentId: 10, id: 10 },
          ],
          browseNodes: browseNodes.data.browseNodes,
        },
      }),
    );
    expect(sel[4]?.map((n) => n.id)).toEqual([10, 11]);
    expect(sel[12]?.map((n) => n.id)).toEqual([10]);
  });

  it('names a mapped node the answer does not describe by its id', () => {
    const sel = selectionsFromBrowseNodes(
      fixtures.browseNodesResponse({
        data: {
          mapping: [{ retailerId: 4, parentId: 10, id: 12 }],
          browseNodes: browseNodes.data.browseNodes,
        },
      }),
    );
    expect(sel[4]).toEqual([{ id: 12, parentId: 10, nodePath: '12', taxonomyId: '12' }]);
  });

  it('lists the setup’s retailers, adding any only found in the mapping', () => {
    const details = fixtures.setupDetails();
    expect(setupRetailerIds(details, selectionsFromBrowseNodes(browseNodes))).toEqual([4, 12]);
  });

  it('reads the stored schedule into the editor, or none', () => {
    expect(scheduleFormFromDetails(fixtures.setupDetails())).toBeNull();
    const details = fixtures.setupDetails({
      scheduleDetails: [
        {
          schedule: {
            freq: 'WEEKLY',
            interval: 2,
            startTime: '07:00',
            startDate: '2026-11-25',
            byweekday: ['MO', 'FR'],
            endDate: '2026-12-31',
          },
          rruleText: 'every 2 weeks on Monday and Friday at 07:00 UTC until 2026-12-31',
        },
      ],
    });
    const form = scheduleFormFromDetails(details);
    expect(form).toEqual({
      enabled: true,
      freq: 'WEEKLY',
      interval: 2,
      byweekday: ['MO', 'FR'],
      startDate: '2026-11-25',
      startTime: '07:00',
      end: 'ON_DATE',
      endDate: '2026-12-31',
    });
    expect(editBaseline(details, {}, form).schedule).toEqual({
      freq: 'WEEKLY',
      interval: 2,
      byweekday: ['MO', 'FR'],
      startTime: '07:00',
      startDate: '2026-11-25',
      endDate: '2026-12-31',
    });
  });

  it("reads stored weekdays in the week's order, as the weekday buttons write them", () => {
    const details = fixtures.setupDetails({
      scheduleDetails: [
        {
          schedule: {
            freq: 'WEEKLY',
            interval: 1,
            startTime: '07:00',
            startDate: '2026-11-25',
            byweekday: ['fr', 'SU', 'MO'],
          },
          rruleText: 'every week on Friday, Sunday and Monday at 07:00 UTC',
        },
      ],
    });
    const form = scheduleFormFromDetails(details);
    expect(form?.byweekday).toEqual(['MO', 'FR', 'SU']);
    expect(editBaseline(details, {}, form).schedule?.byweekday).toEqual(['MO', 'FR', 'SU']);
  });

  it('reads stored dates with a time of day as the dates alone, and drops unknown weekdays', () => {
    const details = fixtures.setupDetails({
      scheduleDetails: [
        {
          schedule: {
            freq: 'WEEKLY',
            interval: 1,
            startTime: '07:00',
            startDate: '2026-11-25T00:00:00.000Z',
            byweekday: ['SA', 'XX', 'TU'],
            endDate: '2026-12-31T00:00:00.000Z',
          },
          rruleText: 'every week on Tuesday and Saturday at 07:00 UTC until 2026-12-31',
        },
      ],
    });
    expect(scheduleFormFromDetails(details)).toMatchObject({
      byweekday: ['TU', 'SA'],
      startDate: '2026-11-25',
      end: 'ON_DATE',
      endDate: '2026-12-31',
    });
  });

  it.each([
    ['5:30', '05:30'],
    ['05:30:00', '05:30'],
    ['7:05:00', '07:05'],
  ])(
    'shows a stored start time %j as %j, which is valid and counts as unchanged',
    (stored, shown) => {
      const details = fixtures.setupDetails({
        scheduleDetails: [
          {
            schedule: { freq: 'WEEKLY', interval: 1, startTime: stored, startDate: '2026-11-25' },
            rruleText: 'every week',
          },
        ],
      });
      const form = scheduleFormFromDetails(details);
      expect(form?.startTime).toBe(shown);
      expect(scheduleErrors(form, '2026-11-25')).toEqual({});
      expect(editBaseline(details, {}, form).schedule?.startTime).toBe(shown);
    },
  );

  it('remembers the loaded brands and node ids for change detection', () => {
    const details = fixtures.setupDetails({ brandsDetails: { brands: ['Acme'] } });
    expect(editBaseline(details, selectionsFromBrowseNodes(browseNodes), null)).toEqual({
      brands: ['Acme'],
      nodeIds: { 4: [10, 11], 12: [21] },
      schedule: null,
    });
  });

  it('opens a stored setup with its nodes and the baseline that change detection uses', () => {
    const details = fixtures.setupDetails({
      brandsDetails: { brands: ['Acme'] },
      scheduleDetails: [
        {
          schedule: {
            freq: 'WEEKLY',
            interval: 1,
            startTime: '07:00',
            startDate: '2026-11-25',
            byweekday: ['WE'],
          },
          rruleText: 'every week on Wednesday at 07:00 UTC',
        },
      ],
    });
    const stored = storedSetupOf(details, browseNodes);
    expect(stored.selections).toEqual(selectionsFromBrowseNodes(browseNodes));
    expect(stored.baseline).toEqual({
      brands: ['Acme'],
      nodeIds: { 4: [10, 11], 12: [21] },
      schedule: {
        freq: 'WEEKLY',
        interval: 1,
        byweekday: ['WE'],
        startTime: '07:00',
        startDate: '2026-11-25',
      },
    });
  });
});
