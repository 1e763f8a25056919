/**
 * The step form's rules as the operator meets them: the contracts' spec §5 rules (seven
 * required fields, trimming, minutes) plus the JSON flags of the template fields.
 */
import { stepFormErrors, type Step, type StepForm } from '@onboarding/contracts';
import { jsonFieldError, STEP_JSON_FIELDS } from './json-check';

export type StepFormErrors = Partial<Record<keyof StepForm, string>>;

/** Every field's first problem; empty when the step may be sent. The spec's message comes first. */
export function stepErrors(form: StepForm): StepFormErrors {
  const errors: StepFormErrors = stepFormErrors(form);
  for (const field of STEP_JSON_FIELDS) {
    if (errors[field]) continue;
    const flag = jsonFieldError(field, form[field]);
    if (flag) errors[field] = flag;
  }
  return errors;
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
