import { z } from '../core/zod.js';
import { DEFAULT_STEP_FLAGS, PRODUCT_NAME_MIN_EXCLUSIVE } from '../core/constants.js';
import { MESSAGES } from '../core/messages.js';
import type { StepBody } from '../product-register/operations.js';

/** Product form: name and path trimmed; saving needs a name longer than 3 characters. */
export const ProductFormSchema = z.object({
  productName: z.string().check(
    z.trim(),
    z.refine(
      (v) => v.length > PRODUCT_NAME_MIN_EXCLUSIVE,
      'Product name must be longer than 3 characters',
    ),
  ),
  productPath: z.string().check(z.trim()),
});

export function isProductSaveEnabled(productName: string): boolean {
  return productName.trim().length > PRODUCT_NAME_MIN_EXCLUSIVE;
}

/** The step form as typed (numbers are text until submitted). */
export interface StepForm {
  stepName: string;
  pollingDelay: string;
  expectedExecutionTime: string;
  triggerPayload: string;
  statusPayload: string;
  requestIdPath: string;
  statusPath: string;
  statusMap: string;
  isPolling: boolean;
  isRefreshRequired: boolean;
  shouldRunOnAdd: boolean;
  shouldRunOnEdit: boolean;
}

export const STEP_REQUIRED_FIELDS = [
  'stepName',
  'pollingDelay',
  'triggerPayload',
  'statusPayload',
  'requestIdPath',
  'statusPath',
  'statusMap',
] as const satisfies readonly (keyof StepForm)[];

export function emptyStepForm(): StepForm {
  return {
    stepName: '',
    pollingDelay: '',
    expectedExecutionTime: '',
    triggerPayload: '',
    statusPayload: '',
    requestIdPath: '',
    statusPath: '',
    statusMap: '',
    isPolling: false,
    ...DEFAULT_STEP_FLAGS,
  };
}

const required = z.string().check(z.trim(), z.minLength(1, MESSAGES.fieldRequired));
const minutes = (message: string) =>
  z.string().check(
    z.trim(),
    z.refine((v) => v === '' || (Number.isFinite(Number(v)) && Number(v) >= 0), message),
  );

/** docs/requirements.md#step-form-rules: 7 required fields (`This field is required.`), trimmed. */
export const StepFormSchema = z.object({
  stepName: required,
  pollingDelay: z.pipe(required, minutes('Must be a number of minutes')),
  expectedExecutionTime: minutes('Must be a number of minutes'),
  triggerPayload: required,
  statusPayload: required,
  requestIdPath: required,
  statusPath: required,
  statusMap: required,
  isPolling: z.boolean(),
  isRefreshRequired: z.boolean(),
  shouldRunOnAdd: z.boolean(),
  shouldRunOnEdit: z.boolean(),
});

/** Field → first message; empty when the step may be submitted. */
export function stepFormErrors(form: StepForm): Partial<Record<keyof StepForm, string>> {
  const result = StepFormSchema.safeParse(form);
  if (result.success) return {};
  const errors: Partial<Record<keyof StepForm, string>> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof StepForm | undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/** The register-step / update-step body from a valid form. */
export function toStepBody(form: StepForm, productId: number): StepBody {
  const expected = form.expectedExecutionTime.trim();
  return {
    stepName: form.stepName.trim(),
    productId,
    pollingDelay: Number(form.pollingDelay.trim()),
    expectedExecutionTime: expected === '' ? null : Number(expected),
    triggerPayload: form.triggerPayload.trim(),
    statusPayload: form.statusPayload.trim(),
    requestIdPath: form.requestIdPath.trim(),
    statusPath: form.statusPath.trim(),
    isPolling: form.isPolling,
    isRefreshRequired: form.isRefreshRequired,
    shouldRunOnAdd: form.shouldRunOnAdd,
    shouldRunOnEdit: form.shouldRunOnEdit,
    statusMap: form.statusMap.trim(),
  };
}

/** update-step-order body: the kept steps renumbered from 1 in their new order, and the deleted ids. */
export function toStepOrderBody(
  orderedStepIds: readonly number[],
  deletedStepIds: readonly number[],
): { stepData: { id: number; order: number }[]; stepToDelete: number[] } {
  const deleted = new Set(deletedStepIds);
  return {
    stepData: orderedStepIds
      .filter((id) => !deleted.has(id))
      .map((id, index) => ({ id, order: index + 1 })),
    stepToDelete: [...deleted],
  };
}
