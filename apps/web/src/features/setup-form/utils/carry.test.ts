import { describe, expect, it } from '@jest/globals';
import { defaultScheduleForm, type ScheduleForm } from '@onboarding/contracts';
import { carriedValues, carryState, type CarriedValues } from './carry';
import type { SetupFormValues } from './form-state';
import type { SelectedNode } from './selection';

const node = (id: number, parentId = id): SelectedNode => ({
  id,
  parentId,
  nodePath: `Path ${id}`,
  taxonomyId: `tax-${id}`,
});

const schedule: ScheduleForm = { ...defaultScheduleForm('2026-11-20'), enabled: true };

const prospectForm: SetupFormValues = {
  clientName: 'Acme Foods',
  clientId: null,
  clientNameErrorMessage: 'A customer already exists',
  region: 'US',
  isNewClient: true,
  brands: 'Acme, Acme Kids',
  retailerIds: [4, 31],
  selections: { 4: [node(100), node(101, 100)], 31: [node(500)] },
  schedule,
};

const carried: CarriedValues = {
  brands: 'Acme, Acme Kids',
  retailerIds: [4, 31],
  selections: { 4: [node(100), node(101, 100)], 31: [node(500)] },
  schedule,
};

/** A location state carrying `carried` with some of its values replaced. */
const stateWith = (over: Record<string, unknown>) => ({ carried: { ...carried, ...over } });

describe('carrying the prospect form over to the existing-client form', () => {
  it('carries the brands, retailers, nodes and schedule, and not the name', () => {
    expect(carryState(prospectForm)).toEqual({ carried });
  });

  it('reads the carried values back from the location state', () => {
    expect(carriedValues(carryState(prospectForm))).toEqual(carried);
  });

  it('reads values carried with no schedule, no retailers and no nodes', () => {
    const empty: CarriedValues = { brands: '', retailerIds: [], selections: {}, schedule: null };
    expect(carriedValues({ carried: empty })).toEqual(empty);
  });

  it('reads a carried schedule that is switched off', () => {
    const off = defaultScheduleForm('2026-11-20');
    expect(carriedValues(stateWith({ schedule: off }))?.schedule).toEqual(off);
  });

  it('finds nothing carried in a location with no state or a state of another kind', () => {
    expect(carriedValues(null)).toBeNull();
    expect(carriedValues(undefined)).toBeNull();
    expect(carriedValues('carried')).toBeNull();
    expect(carriedValues([carried])).toBeNull();
    expect(carriedValues({})).toBeNull();
    expect(carriedValues({ carried: null })).toBeNull();
    expect(carriedValues({ carried: 'values' })).toBeNull();
    expect(carriedValues({ carried: [carried] })).toBeNull();
  });

  it('refuses carried brands that are not text', () => {
    expect(carriedValues(stateWith({ brands: ['Acme'] }))).toBeNull();
    expect(carriedValues(stateWith({ brands: undefined }))).toBeNull();
  });

  it('refuses carried retailers that are not a list of whole ids', () => {
    expect(carriedValues(stateWith({ retailerIds: 4 }))).toBeNull();
    expect(carriedValues(stateWith({ retailerIds: [4, '31'] }))).toBeNull();
    expect(carriedValues(stateWith({ retailerIds: [4, 31.5] }))).toBeNull();
  });

  it('refuses carried nodes that are not lists per retailer', () => {
    expect(carriedValues(stateWith({ selections: null }))).toBeNull();
    expect(carriedValues(stateWith({ selections: [] }))).toBeNull();
    expect(carriedValues(stateWith({ selections: { 4: [node(100)], 31: node(500) } }))).toBeNull();
  });

  it('refuses a carried schedule that is not a schedule form, or none at all', () => {
    expect(carriedValues(stateWith({ schedule: undefined }))).toBeNull();
    expect(carriedValues(stateWith({ schedule: 'WEEKLY' }))).toBeNull();
    expect(carriedValues(stateWith({ schedule: { ...schedule, enabled: 'true' } }))).toBeNull();
  });
});
