/**
 * The step form beyond the contracts' rules (`stepFormErrors`, which alone block saving): the JSON
 * flags of the template fields, shown as help only (docs/requirements.md#step-form-json-help),
 * since a template written elsewhere (a bare `{{placeholder}}`) must stay saveable.
 */
import type { Step, StepForm } from '@onboarding/contracts';
import { jsonFieldError, STEP_JSON_FIELDS } from './json-check';

/** Each filled template field's JSON fault, or null when it is JSON; empty fields are left out. */
export function stepJsonFlags(form: StepForm): Partial<Record<keyof StepForm, string | null>> {
  const flags: Partial<Record<keyof StepForm, string | null>> = {};
  for (const field of STEP_JSON_FIELDS) {
    if (form[field].trim() !== '') flags[field] = jsonFieldError(field, form[field]);
  }
  return flags;
}

/** A stored step as the form shows it (numbers as text; no expected time as an empty field). */
export function stepToForm(step: Step): StepForm {
  return {
    stepName: step.stepName,
    pollingDelay: String(step.pollingDelay),
    expectedExecutionTime:
      step.expectedExecutionTime === null || step.expectedExecutionTime === undefined
        ? ''
        : String(step.expectedExecutionTime),
    triggerPayload: step.triggerPayload,
    statusPayload: step.statusPayload,
    requestIdPath: step.requestIdPath,
    statusPath: step.statusPath,
    statusMap: step.statusMap,
    isPolling: step.isPolling,
    isRefreshRequired: step.isRefreshRequired,
    shouldRunOnAdd: step.shouldRunOnAdd,
    shouldRunOnEdit: step.shouldRunOnEdit,
  };
}
