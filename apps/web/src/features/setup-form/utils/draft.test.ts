import { describe, expect, it } from '@jest/globals';
import { defaultScheduleForm } from '@onboarding/contracts';
import { parseSetupDraft } from './draft';
import type { SetupFormValues } from './form-state';

const draft: SetupFormValues = {
  clientName: 'Acme Foods',
  clientId: null,
  clientNameErrorMessage: '',
  region: 'US',
  isNewClient: true,
  brands: 'Acme, Acme Kids',
  retailerIds: [4, 31],
  selections: { 4: [{ id: 100, parentId: 100, nodePath: 'Grocery', taxonomyId: 'tax-100' }] },
  schedule: { ...defaultScheduleForm('2026-11-20'), enabled: true },
};

const draftWith = (over: Record<string, unknown>): unknown => ({ ...draft, ...over });

describe('restoring a kept draft of the setup form', () => {
  it('restores the draft the form kept, as it was written', () => {
    expect(parseSetupDraft(draft)).toBe(draft);
  });

  it('restores a draft with no retailers and no nodes yet', () => {
    const empty = draftWith({ clientName: '', brands: '', retailerIds: [], selections: {} });
    expect(parseSetupDraft(empty)).toBe(empty);
  });

  it('restores an existing-client draft', () => {
    const client = draftWith({ isNewClient: false, clientId: 5001 });
    expect(parseSetupDraft(client)).toBe(client);
  });

  it('restores nothing from a stored value that is not an object', () => {
    expect(parseSetupDraft(undefined)).toBeUndefined();
    expect(parseSetupDraft(null)).toBeUndefined();
    expect(parseSetupDraft('Acme Foods')).toBeUndefined();
    expect(parseSetupDraft(4)).toBeUndefined();
  });

  it('restores nothing when the name or the brands are not text', () => {
    expect(parseSetupDraft(draftWith({ clientName: undefined }))).toBeUndefined();
    expect(parseSetupDraft(draftWith({ clientName: 42 }))).toBeUndefined();
    expect(parseSetupDraft(draftWith({ brands: ['Acme'] }))).toBeUndefined();
  });

  it('restores nothing when it is not said whether the client is new', () => {
    expect(parseSetupDraft(draftWith({ isNewClient: 'true' }))).toBeUndefined();
    expect(parseSetupDraft(draftWith({ isNewClient: undefined }))).toBeUndefined();
  });

  it('restores nothing when the retailers are not a list of ids', () => {
    expect(parseSetupDraft(draftWith({ retailerIds: 4 }))).toBeUndefined();
    expect(parseSetupDraft(draftWith({ retailerIds: [4, '31'] }))).toBeUndefined();
  });

  it('restores a draft of a form with no schedule, and nothing where the schedule is missing', () => {
    const noSchedule = draftWith({ schedule: null });
    expect(parseSetupDraft(noSchedule)).toBe(noSchedule);
    expect(parseSetupDraft(draftWith({ schedule: undefined }))).toBeUndefined();
    expect(parseSetupDraft(draftWith({ schedule: 'weekly' }))).toBeUndefined();
  });

  it('restores nothing when the chosen nodes are missing', () => {
    expect(parseSetupDraft(draftWith({ selections: null }))).toBeUndefined();
    expect(parseSetupDraft(draftWith({ selections: undefined }))).toBeUndefined();
    expect(parseSetupDraft(draftWith({ selections: 'Grocery' }))).toBeUndefined();
  });
});
