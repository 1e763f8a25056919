import { describe, expect, test } from '@jest/globals';
import {
  isLegacyFormSaveable,
  legacyClientNameError,
  legacyOps,
  legacyStatusError,
  type LegacySetupForm,
} from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { addNewSetupBody, editSetupBody, emptyLegacyForm, formFromSetup } from './form';

function filled(over: Partial<LegacySetupForm> = {}): LegacySetupForm {
  const form = emptyLegacyForm();
  return {
    ...form,
    clientName: '  Globex Retail ',
    startDate: '2026-11-02',
    currentStatus: 'onTrack',
    modules: form.modules.map((m) =>
      m.id === 'ciqSales'
        ? { ...m, isSelected: true, regions: ['US', 'CA'] }
        : m.id === 'rra'
          ? { ...m, isSelected: false, regions: ['UK'] }
          : m,
    ),
    ...over,
  };
}

describe('legacy rules', () => {
  test('client name: required, then letters, digits, spaces and hyphens only (trimmed)', () => {
    expect(legacyClientNameError('   ')).toBe('Client name required');
    expect(legacyClientNameError('Acme & Co')).toBe('Special characters are not allowed');
    expect(legacyClientNameError('Acme_Co')).toBe('Special characters are not allowed');
    expect(legacyClientNameError(' Acme-Co 2 ')).toBeNull();
  });

  test('a signoff date without a status asks for a status', () => {
    expect(legacyStatusError({ currentStatus: '', expectedSignoffDate: '2026-12-01' })).toBe(
      'Please select status',
    );
    expect(legacyStatusError({ currentStatus: '', expectedSignoffDate: '' })).toBeNull();
    expect(
      legacyStatusError({ currentStatus: 'onTrack', expectedSignoffDate: '2026-12-01' }),
    ).toBeNull();
  });

  test('saving needs a valid client name and a status', () => {
    expect(isLegacyFormSaveable(filled())).toBe(true);
    expect(isLegacyFormSaveable(filled({ currentStatus: '' }))).toBe(false);
    expect(isLegacyFormSaveable(filled({ clientName: 'Bad!' }))).toBe(false);
  });
});

describe('add payload', () => {
  test('sends only the selected modules, trimmed name, empty dates as null, and no createdBy', () => {
    const body = addNewSetupBody(filled());
    expect(body).toEqual({
      clientName: 'Globex Retail',
      startDate: '2026-11-02',
      avcDate: null,
      amsDate: null,
      currentStatus: 'onTrack',
      statusDetails: null,
      expectedSignoffDate: null,
      modules: [{ id: 'ciqSales', name: 'CIQ Sales', regions: ['US', 'CA'] }],
    });
    expect(body).not.toHaveProperty('createdBy');
    expect(legacyOps.addNewSetup.body!.safeParse(body).success).toBe(true);
  });

  test('with no module selected the list is empty', () => {
    expect(addNewSetupBody(emptyLegacyForm()).modules).toEqual([]);
  });
});

describe('edit payload', () => {
  const setup = fixtures.legacySetup({
    setupId: 301,
    modules: [
      { id: 'ciqSales', name: 'CIQ Sales', regions: ['US'] },
      { id: 'marketInsight', name: 'Market Insights', regions: ['De', 'XX'] },
    ],
  });

  test('starts from the saved setup with its modules fixed and selected', () => {
    const form = formFromSetup(setup);
    expect(form.clientName).toBe('Globex');
    expect(form.amsDate).toBe('');
    expect(form.modules.map((m) => [m.id, m.isSelected, m.regions])).toEqual([
      ['ciqSales', true, ['US']],
      ['marketInsight', true, ['De']],
    ]);
  });

  test('update carries the setup id, the changed status details and no updatedBy', () => {
    const body = editSetupBody({ ...formFromSetup(setup), statusDetails: ' AMS granted ' }, 301);
    expect(body).toMatchObject({
      setupId: 301,
      currentStatus: 'onTrack',
      statusDetails: 'AMS granted',
    });
    expect(body.modules).toHaveLength(2);
    expect(body).not.toHaveProperty('updatedBy');
    expect(legacyOps.editSetup.body!.safeParse(body).success).toBe(true);
  });

  test('Mark As Complete is the same call with currentStatus completed', () => {
    const body = editSetupBody(formFromSetup(setup), 301, { markComplete: true });
    expect(body.currentStatus).toBe('completed');
    expect(body.setupId).toBe(301);
  });
});
