import { describe, expect, test } from '@jest/globals';
import {
  isLegacyFormSaveable,
  legacyClientNameError,
  legacyOps,
  legacyStatusError,
  MODULE_IDS,
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

describe('the add form', () => {
  test('opens with every field empty and every module offered, unselected, with no region', () => {
    const { modules, ...fields } = emptyLegacyForm();
    expect(fields).toEqual({
      clientName: '',
      startDate: '',
      avcDate: '',
      amsDate: '',
      currentStatus: '',
      statusDetails: '',
      expectedSignoffDate: '',
    });
    expect(modules.map((m) => m.id)).toEqual([...MODULE_IDS]);
    expect(modules.find((m) => m.id === 'rra')).toEqual({
      id: 'rra',
      name: 'RRA',
      regions: [],
      isSelected: false,
    });
    expect(modules.every((m) => m.regions.length === 0 && !m.isSelected)).toBe(true);
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

  test('shows the saved dates and status details, and empty fields for those not saved', () => {
    expect(formFromSetup(setup)).toMatchObject({
      startDate: '2026-10-01',
      avcDate: '2026-10-10',
      amsDate: '',
      currentStatus: 'onTrack',
      statusDetails: 'Waiting for AMS access',
      expectedSignoffDate: '2026-12-15',
    });
    const bare = fixtures.legacySetup({
      startDate: null,
      avcDate: null,
      amsDate: '2026-10-20',
      statusDetails: null,
      expectedSignoffDate: null,
    });
    expect(formFromSetup(bare)).toMatchObject({
      startDate: '',
      avcDate: '',
      amsDate: '2026-10-20',
      statusDetails: '',
      expectedSignoffDate: '',
    });
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
