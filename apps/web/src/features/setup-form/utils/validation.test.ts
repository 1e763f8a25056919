import { describe, expect, it } from '@jest/globals';
import { defaultScheduleForm } from '@onboarding/contracts';
import { formError, retailersWithoutNodes, scheduleErrors, type ValidityState } from './validation';

const ready: ValidityState = {
  isLoading: false,
  isNewClient: true,
  clientName: 'Acme Foods',
  clientId: null,
  clientNameErrorMessage: '',
  brands: 'Acme',
  retailerIds: [4, 31],
  selections: {
    4: [{ id: 1, parentId: 1, nodePath: 'a', taxonomyId: '1' }],
    31: [{ id: 2, parentId: 2, nodePath: 'b', taxonomyId: '2' }],
  },
};
const REQUIRED = 'Please provide all required fields';

describe('whether Submit Request may go ahead', () => {
  it('may for a complete prospect', () => {
    expect(formError(ready)).toBeNull();
  });

  it.each<[string, Partial<ValidityState>]>([
    ['while loading', { isLoading: true }],
    ['without a client name', { clientName: '  ' }],
    ['with a client name error', { clientNameErrorMessage: 'A customer already exists' }],
    ['for an existing client not picked', { isNewClient: false, clientId: null }],
    ['without any retailer', { retailerIds: [] }],
    ['when a selected retailer has no nodes', { selections: { 4: ready.selections[4]! } }],
    ['for a prospect without brands', { brands: ' , ' }],
  ])('may not %s', (_name, over) => {
    expect(formError({ ...ready, ...over })).toBe(REQUIRED);
  });

  it('does not need brands for an existing client', () => {
    expect(formError({ ...ready, isNewClient: false, clientId: 5001, brands: '' })).toBeNull();
  });

  it('names the retailers that still have no nodes', () => {
    expect(retailersWithoutNodes([4, 31, 12], ready.selections)).toEqual([12]);
  });
});

describe('schedule messages', () => {
  const today = '2026-11-20';
  const on = { ...defaultScheduleForm(today), enabled: true };

  it('has none for a disabled or valid schedule', () => {
    expect(scheduleErrors(null, today)).toEqual({});
    expect(scheduleErrors({ ...on, enabled: false, interval: 0 }, today)).toEqual({});
    expect(scheduleErrors(on, today)).toEqual({});
  });

  it('gives the messages of docs/requirements.md#setup-form-schedule', () => {
    expect(scheduleErrors({ ...on, interval: 0 }, today)).toEqual({ interval: 'Invalid Input.' });
    expect(scheduleErrors({ ...on, interval: Number.NaN }, today)).toEqual({
      interval: 'Invalid Input.',
    });
    expect(scheduleErrors({ ...on, startDate: '2026-11-19' }, today)).toEqual({
      startDate: 'Invalid Date.',
    });
    expect(scheduleErrors({ ...on, end: 'ON_DATE', endDate: null }, today)).toEqual({
      endDate: 'End Date is required.',
    });
    expect(scheduleErrors({ ...on, end: 'ON_DATE', endDate: '2026-11-01' }, today)).toEqual({
      endDate: 'Invalid Date.',
    });
  });

  it('accepts a stored start date that has passed while it is left unchanged', () => {
    const stored = { ...on, startDate: '2026-01-07' };
    expect(scheduleErrors(stored, today, '2026-01-07')).toEqual({});
    expect(scheduleErrors({ ...stored, startDate: '2026-01-08' }, today, '2026-01-07')).toEqual({
      startDate: 'Invalid Date.',
    });
  });
});
