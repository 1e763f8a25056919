import {
  COUNTRY_CODES,
  LEGACY_COMPLETED_STATUS,
  MODULE_IDS,
  MODULE_LABELS,
  selectedModules,
  type CountryCode,
  type LegacySetup,
  type LegacySetupForm,
  type legacyOps,
  type ModuleForm,
  type OperationBody,
} from '@onboarding/contracts';

export type AddNewSetupBody = OperationBody<typeof legacyOps.addNewSetup>;
export type EditSetupBody = OperationBody<typeof legacyOps.editSetup>;

const isCountryCode = (value: string): value is CountryCode =>
  (COUNTRY_CODES as readonly string[]).includes(value);

/** The add form: every module offered, none selected. */
export function emptyLegacyForm(): LegacySetupForm {
  return {
    clientName: '',
    startDate: '',
    avcDate: '',
    amsDate: '',
    currentStatus: '',
    statusDetails: '',
    expectedSignoffDate: '',
    modules: MODULE_IDS.map((id): ModuleForm => ({
      id,
      name: MODULE_LABELS[id],
      regions: [],
      isSelected: false,
    })),
  };
}

/** The edit form of a saved setup: its modules (fixed in edit) are the selected ones. */
export function formFromSetup(setup: LegacySetup): LegacySetupForm {
  return {
    clientName: setup.clientName,
    startDate: setup.startDate ?? '',
    avcDate: setup.avcDate ?? '',
    amsDate: setup.amsDate ?? '',
    currentStatus: setup.currentStatus,
    statusDetails: setup.statusDetails ?? '',
    expectedSignoffDate: setup.expectedSignoffDate ?? '',
    modules: setup.modules.map((m) => ({
      id: m.id,
      name: m.name,
      regions: m.regions.filter(isCountryCode),
      isSelected: true,
    })),
  };
}

const dateOrNull = (value: string) => (value ? value : null);

/** The fields both calls share: trimmed text, empty dates as null, selected modules only. */
function fieldsOf(form: LegacySetupForm) {
  const details = form.statusDetails.trim();
  return {
    clientName: form.clientName.trim(),
    startDate: dateOrNull(form.startDate),
    avcDate: dateOrNull(form.avcDate),
    amsDate: dateOrNull(form.amsDate),
    currentStatus: form.currentStatus,
    statusDetails: details ? details : null,
    expectedSignoffDate: dateOrNull(form.expectedSignoffDate),
    modules: selectedModules(form.modules),
  };
}

/** addNewSetup: createdBy is stamped by the gateway from the session, never sent. */
export function addNewSetupBody(form: LegacySetupForm): AddNewSetupBody {
  return fieldsOf(form);
}

/** editSetup, or Mark As Complete (the same call with currentStatus completed). */
export function editSetupBody(
  form: LegacySetupForm,
  setupId: number,
  { markComplete = false }: { markComplete?: boolean } = {},
): EditSetupBody {
  return {
    ...fieldsOf(form),
    ...(markComplete ? { currentStatus: LEGACY_COMPLETED_STATUS } : {}),
    setupId,
  };
}
