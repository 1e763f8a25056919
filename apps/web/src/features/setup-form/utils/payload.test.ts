import { describe, expect, it } from '@jest/globals';
import {
  SetupAddItemSchema,
  SetupUpdateItemSchema,
  defaultScheduleForm,
  type ScheduleForm,
} from '@onboarding/contracts';
import { detectChanges, type EditBaseline } from './changes';
import { buildAddItems, buildUpdateItems, type PayloadInput } from './payload';
import type { SelectedNode, Selections } from './selection';

const node = (id: number, parentId = id): SelectedNode => ({
  id,
  parentId,
  nodePath: `Path ${id}`,
  taxonomyId: `tax-${id}`,
});

const ADD_KEYS = [
  'retailerId',
  'browseNodes',
  'nodeDetails',
  'isNewClient',
  'clientName',
  'clientId',
  'brands',
  'isMarketShareEnabled',
  'isScheduled',
  'schedule',
];
const UPDATE_KEYS = [
  'retailerId',
  'browseNodes',
  'nodeDetails',
  'isNewClient',
  'clientName',
  'clientId',
  'brands',
  'isMarketShareEnabled',
  'schedule',
  'setupId',
  'isEdit',
  'isBrandsUpdate',
  'isScheduleUpdate',
  'isScheduleRemove',
];

const selections: Selections = {
  4: [node(100), node(101, 100)],
  31: [node(500)],
};

const prospect: PayloadInput = {
  clientName: '  Acme Foods ',
  clientId: 9001,
  isNewClient: true,
  brands: 'Acme, Acme Kids ,, ',
  retailers: [
    { retailerId: 4, isMarketShareEnabled: false },
    { retailerId: 31, isMarketShareEnabled: true },
  ],
  selections,
  schedule: null,
};

describe('the addSetup items', () => {
  it('has one item per retailer with the exact fields of docs/requirements.md#setup-submission', () => {
    const items = buildAddItems(prospect);
    expect(items).toEqual([
      {
        retailerId: 4,
        browseNodes: [
          { parent_id: 100, id: 100 },
          { parent_id: 100, id: 101 },
        ],
        nodeDetails: ['tax-100', 'tax-101'],
        isNewClient: true,
        clientName: 'acme foods',
        clientId: 9001,
        brands: ['Acme', 'Acme Kids'],
        isMarketShareEnabled: false,
        isScheduled: false,
        schedule: null,
      },
      {
        retailerId: 31,
        browseNodes: [{ parent_id: 500, id: 500 }],
        nodeDetails: ['tax-500'],
        isNewClient: true,
        clientName: 'acme foods',
        clientId: 9001,
        brands: ['Acme', 'Acme Kids'],
        isMarketShareEnabled: true,
        isScheduled: false,
        schedule: null,
      },
    ]);
    for (const item of items) {
      expect(Object.keys(item)).toEqual(ADD_KEYS);
      expect(SetupAddItemSchema.safeParse(item).success).toBe(true);
    }
  });

  it('carries the schedule payload when the schedule is enabled', () => {
    const schedule: ScheduleForm = {
      ...defaultScheduleForm('2026-11-20'),
      enabled: true,
      interval: 2,
      byweekday: ['MO', 'FR'],
      end: 'ON_DATE',
      endDate: '2026-12-31',
    };
    const [item] = buildAddItems({ ...prospect, isNewClient: false, brands: '', schedule });
    expect(item).toMatchObject({
      isNewClient: false,
      brands: [],
      isScheduled: true,
      schedule: {
        freq: 'WEEKLY',
        interval: 2,
        byweekday: ['MO', 'FR'],
        startTime: '05:30',
        startDate: '2026-11-20',
        endDate: '2026-12-31',
      },
    });
    expect(SetupAddItemSchema.safeParse(item).success).toBe(true);
  });

  it('leaves byweekday and endDate out when none is chosen and the end is never', () => {
    const schedule: ScheduleForm = {
      ...defaultScheduleForm('2026-11-20'),
      enabled: true,
      byweekday: [],
    };
    const [item] = buildAddItems({ ...prospect, schedule });
    expect(item?.schedule).toEqual({
      freq: 'WEEKLY',
      interval: 1,
      startTime: '05:30',
      startDate: '2026-11-20',
    });
  });

  it('sends no schedule when the schedule is offered but not enabled', () => {
    const [item] = buildAddItems({ ...prospect, schedule: defaultScheduleForm('2026-11-20') });
    expect(item).toMatchObject({ isScheduled: false, schedule: null });
  });
});

describe('the updateSetup items', () => {
  const baseline: EditBaseline = {
    brands: ['Acme', 'Acme Kids'],
    nodeIds: { 4: [100, 101], 31: [500] },
    schedule: null,
  };
  const edit = { ...prospect, clientName: 'acme foods', isNewClient: false, clientId: 5001 };

  it('sends only the retailer whose nodes changed, with the update flags', () => {
    const next: Selections = { ...selections, 31: [node(500), node(501, 500)] };
    const changes = detectChanges(baseline, {
      brands: edit.brands,
      retailerIds: [4, 31],
      selections: next,
      schedule: null,
    });
    const items = buildUpdateItems({ ...edit, selections: next, setupId: 77, changes });
    expect(items).toEqual([
      {
        retailerId: 31,
        browseNodes: [
          { parent_id: 500, id: 500 },
          { parent_id: 500, id: 501 },
        ],
        nodeDetails: ['tax-500', 'tax-501'],
        isNewClient: false,
        clientName: 'acme foods',
        clientId: 5001,
        brands: ['Acme', 'Acme Kids'],
        isMarketShareEnabled: true,
        schedule: null,
        setupId: 77,
        isEdit: true,
        isBrandsUpdate: false,
        isScheduleUpdate: false,
        isScheduleRemove: false,
      },
    ]);
    expect(Object.keys(items[0]!)).toEqual(UPDATE_KEYS);
    expect(SetupUpdateItemSchema.safeParse(items[0]).success).toBe(true);
  });

  it('sends every retailer with isBrandsUpdate when the brands changed', () => {
    const changes = detectChanges(baseline, {
      brands: 'Acme, Acme Baby',
      retailerIds: [4, 31],
      selections,
      schedule: null,
    });
    const items = buildUpdateItems({
      ...edit,
      brands: 'Acme, Acme Baby',
      setupId: 77,
      changes,
    });
    expect(items.map((i) => [i.retailerId, i.isBrandsUpdate, i.brands])).toEqual([
      [4, true, ['Acme', 'Acme Baby']],
      [31, true, ['Acme', 'Acme Baby']],
    ]);
  });

  it('marks a removed schedule on every retailer and sends none', () => {
    const stored = {
      freq: 'WEEKLY' as const,
      interval: 1,
      startTime: '05:30',
      startDate: '2026-11-20',
    };
    const changes = detectChanges(
      { ...baseline, schedule: stored },
      {
        brands: edit.brands,
        retailerIds: [4, 31],
        selections,
        schedule: { ...defaultScheduleForm('2026-11-20'), enabled: false },
      },
    );
    const items = buildUpdateItems({
      ...edit,
      schedule: { ...defaultScheduleForm('2026-11-20'), enabled: false },
      setupId: 77,
      changes,
    });
    expect(items.map((i) => [i.isScheduleRemove, i.isScheduleUpdate, i.schedule])).toEqual([
      [true, false, null],
      [true, false, null],
    ]);
  });
});
