import { describe, expect, it } from '@jest/globals';
import { defaultScheduleForm, type ScheduleForm } from '@onboarding/contracts';
import {
  initialValues,
  setupFormReducer,
  snapshot,
  type SetupFormState,
  type SetupFormValues,
} from './form-state';
import type { SelectedNode, Selections } from './selection';

const node = (id: number, parentId = id): SelectedNode => ({
  id,
  parentId,
  nodePath: `Path ${id}`,
  taxonomyId: `tax-${id}`,
});

const values: SetupFormValues = {
  clientName: 'Acme Foods',
  clientId: null,
  clientNameErrorMessage: '',
  region: 'US',
  isNewClient: true,
  brands: 'Acme',
  retailerIds: [4, 31],
  selections: { 4: [node(100), node(101, 100)], 31: [node(500)] },
  schedule: null,
};

const stateOf = (
  over: Partial<SetupFormValues> = {},
  nodeLimitRetailerId: number | null = null,
): SetupFormState => ({ values: { ...values, ...over }, nodeLimitRetailerId });

/** A retailer list already holding the maximum of 50 nodes. */
const fullList = (): SelectedNode[] => Array.from({ length: 50 }, (_, i) => node(1000 + i));

describe('the setup form as it opens', () => {
  it('starts empty in region US with no schedule', () => {
    expect(initialValues({ isNewClient: true })).toEqual({
      clientName: '',
      clientId: null,
      clientNameErrorMessage: '',
      region: 'US',
      isNewClient: true,
      brands: '',
      retailerIds: [],
      selections: {},
      schedule: null,
    });
  });

  it('opens with the values it is given in place of the defaults', () => {
    const schedule = defaultScheduleForm('2026-11-20');
    const opened = initialValues({
      isNewClient: false,
      clientName: 'acme foods',
      clientId: 5001,
      retailerIds: [4],
      schedule,
    });
    expect(opened).toMatchObject({
      isNewClient: false,
      clientName: 'acme foods',
      clientId: 5001,
      retailerIds: [4],
      schedule,
      brands: '',
    });
  });
});

describe('typing and picking the client', () => {
  it('keeps the account name to 25 characters as it is typed', () => {
    const typed = setupFormReducer(stateOf(), {
      type: 'clientName',
      value: 'Abcdefghij Klmnopqrst Uvwxyz',
    });
    expect(typed.values.clientName).toBe('Abcdefghij Klmnopqrst Uvw');
    const exact = setupFormReducer(stateOf(), {
      type: 'clientName',
      value: 'Abcdefghij Klmnopqrst Uvw',
    });
    expect(exact.values.clientName).toBe('Abcdefghij Klmnopqrst Uvw');
  });

  it('clears the last name message when the name is typed again', () => {
    const state = stateOf({ clientNameErrorMessage: 'Minimum 3 characters required' });
    const typed = setupFormReducer(state, { type: 'clientName', value: 'Acm' });
    expect(typed.values).toEqual({ ...values, clientName: 'Acm', clientNameErrorMessage: '' });
  });

  it('trims the name on blur', () => {
    const state = stateOf({ clientName: '  Acme Foods ' });
    expect(setupFormReducer(state, { type: 'trimClientName' }).values.clientName).toBe(
      'Acme Foods',
    );
  });

  it('leaves the state as it is when the name has nothing to trim', () => {
    const state = stateOf();
    expect(setupFormReducer(state, { type: 'trimClientName' })).toBe(state);
  });

  it('shows a name message, and leaves the state as it is when the message is the same', () => {
    const state = stateOf();
    const shown = setupFormReducer(state, {
      type: 'clientNameError',
      message: 'A customer already exists',
    });
    expect(shown.values.clientNameErrorMessage).toBe('A customer already exists');
    expect(
      setupFormReducer(shown, { type: 'clientNameError', message: 'A customer already exists' }),
    ).toBe(shown);
  });

  it('takes the id and name of a picked client and clears the name message', () => {
    const state = stateOf({
      isNewClient: false,
      clientNameErrorMessage: 'A customer setup already exists, please edit the existing setup.',
    });
    const picked = setupFormReducer(state, {
      type: 'pickClient',
      client: { id: 5001, name: 'Acme Foods' },
    });
    expect(picked.values).toMatchObject({
      clientId: 5001,
      clientName: 'Acme Foods',
      clientNameErrorMessage: '',
    });
  });

  it('empties the client when the pick is cleared', () => {
    const state = stateOf({
      isNewClient: false,
      clientId: 5001,
      clientNameErrorMessage: 'A customer setup already exists, please edit the existing setup.',
    });
    const cleared = setupFormReducer(state, { type: 'pickClient', client: null });
    expect(cleared.values).toMatchObject({
      clientId: null,
      clientName: '',
      clientNameErrorMessage: '',
    });
  });
});

describe('region, brands and schedule', () => {
  it('sets the region and the brands text as given, leaving the rest', () => {
    const state = stateOf({ region: 'US' });
    expect(setupFormReducer(state, { type: 'region', value: 'US' }).values).toEqual(values);
    const brands = setupFormReducer(state, { type: 'brands', value: ' Acme, Globex ' });
    expect(brands.values).toEqual({ ...values, brands: ' Acme, Globex ' });
  });

  it('sets the schedule', () => {
    const schedule: ScheduleForm = { ...defaultScheduleForm('2026-11-20'), enabled: true };
    expect(setupFormReducer(stateOf(), { type: 'schedule', value: schedule }).values).toEqual({
      ...values,
      schedule,
    });
  });
});

describe('ticking retailers', () => {
  it('adds a ticked retailer after those chosen before', () => {
    const state = stateOf({ retailerIds: [31] });
    const ticked = setupFormReducer(state, { type: 'retailer', retailerId: 4, checked: true });
    expect(ticked.values.retailerIds).toEqual([31, 4]);
  });

  it('removes an unticked retailer and keeps its nodes in case it is ticked again', () => {
    const unticked = setupFormReducer(stateOf(), {
      type: 'retailer',
      retailerId: 4,
      checked: false,
    });
    expect(unticked.values.retailerIds).toEqual([31]);
    expect(unticked.values.selections).toBe(values.selections);
  });

  it('leaves the state as it is when a retailer is ticked again or unticked again', () => {
    const state = stateOf({ retailerIds: [4] });
    expect(setupFormReducer(state, { type: 'retailer', retailerId: 4, checked: true })).toBe(state);
    expect(setupFormReducer(state, { type: 'retailer', retailerId: 31, checked: false })).toBe(
      state,
    );
  });
});

describe('choosing browse nodes', () => {
  it('adds a checked node at the end of its retailer list', () => {
    const state = stateOf();
    const checked = setupFormReducer(state, {
      type: 'toggleNode',
      retailerId: 4,
      node: node(102, 100),
      checked: true,
    });
    expect(checked.values.selections[4]?.map((n) => n.id)).toEqual([100, 101, 102]);
    expect(checked.values.selections[31]).toBe(values.selections[31]);
    expect(checked.nodeLimitRetailerId).toBeNull();
  });

  it('refuses the 51st node of a retailer and marks that retailer for the maximum message', () => {
    const state = stateOf({ selections: { ...values.selections, 31: fullList() } });
    const refused = setupFormReducer(state, {
      type: 'toggleNode',
      retailerId: 31,
      node: node(2000),
      checked: true,
    });
    expect(refused.values.selections[31]).toHaveLength(50);
    expect(refused.values.selections[31]?.some((n) => n.id === 2000)).toBe(false);
    expect(refused.nodeLimitRetailerId).toBe(31);
  });

  it('clears the maximum message once a node is taken', () => {
    const selections: Selections = { ...values.selections, 31: fullList() };
    const unchecked = setupFormReducer(stateOf({ selections }, 31), {
      type: 'toggleNode',
      retailerId: 31,
      node: node(1000),
      checked: false,
    });
    expect(unchecked.values.selections[31]).toHaveLength(49);
    expect(unchecked.values.selections[31]?.some((n) => n.id === 1000)).toBe(false);
    expect(unchecked.nodeLimitRetailerId).toBeNull();
  });

  it('clears the maximum message once a node of another retailer is added', () => {
    const added = setupFormReducer(stateOf({}, 31), {
      type: 'toggleNode',
      retailerId: 4,
      node: node(102),
      checked: true,
    });
    expect(added.nodeLimitRetailerId).toBeNull();
  });

  it('removes the nodes checked for the trash icon and clears the maximum message', () => {
    const removed = setupFormReducer(stateOf({}, 4), {
      type: 'removeNodes',
      retailerId: 4,
      ids: [101],
    });
    expect(removed.values.selections[4]?.map((n) => n.id)).toEqual([100]);
    expect(removed.values.selections[31]).toBe(values.selections[31]);
    expect(removed.nodeLimitRetailerId).toBeNull();
  });

  it('puts a retailer nodes in the dragged order and keeps the maximum message', () => {
    const reordered = setupFormReducer(stateOf({}, 4), {
      type: 'reorderNodes',
      retailerId: 4,
      ids: [101, 100],
    });
    expect(reordered.values.selections[4]?.map((n) => n.id)).toEqual([101, 100]);
    expect(reordered.nodeLimitRetailerId).toBe(4);
  });
});

describe('the snapshot that tells whether leaving loses anything', () => {
  const base = snapshot(values);

  it('is the same for the same values', () => {
    expect(snapshot({ ...values, selections: { ...values.selections } })).toBe(base);
  });

  it('ignores spaces around the name, the name message and whether the client is new', () => {
    expect(snapshot({ ...values, clientName: '  Acme Foods ' })).toBe(base);
    expect(snapshot({ ...values, clientNameErrorMessage: 'A customer already exists' })).toBe(base);
    expect(snapshot({ ...values, isNewClient: false })).toBe(base);
  });

  it('reads the brands as the request sends them: spaces and empty entries do not count', () => {
    const brands = snapshot({ ...values, brands: 'Acme, Acme Kids' });
    expect(snapshot({ ...values, brands: ' Acme ,Acme Kids, ' })).toBe(brands);
    expect(snapshot({ ...values, brands: 'Acme Kids, Acme' })).not.toBe(brands);
  });

  it('ignores the nodes kept for a retailer that is not ticked', () => {
    const kept = { ...values.selections, 12: [node(700)] };
    expect(snapshot({ ...values, selections: kept })).toBe(base);
  });

  it('counts a ticked retailer with no node list as having no nodes', () => {
    const none = snapshot({ ...values, retailerIds: [4, 31, 12] });
    expect(
      snapshot({
        ...values,
        retailerIds: [4, 31, 12],
        selections: { ...values.selections, 12: [] },
      }),
    ).toBe(none);
    expect(none).not.toBe(base);
  });

  it('compares nodes by id only', () => {
    const renamed = { ...values.selections, 31: [{ ...node(500), nodePath: 'Renamed' }] };
    expect(snapshot({ ...values, selections: renamed })).toBe(base);
  });

  it('changes with the name, client, brands, retailers, node order and schedule', () => {
    const changed: Partial<SetupFormValues>[] = [
      { clientName: 'Acme Food' },
      { clientId: 5001 },
      { brands: 'Acme, Globex' },
      { retailerIds: [31, 4] },
      { selections: { ...values.selections, 4: [node(101, 100), node(100)] } },
      { selections: { ...values.selections, 31: [node(500), node(501, 500)] } },
      { schedule: defaultScheduleForm('2026-11-20') },
    ];
    for (const over of changed) expect(snapshot({ ...values, ...over })).not.toBe(base);
  });
});
