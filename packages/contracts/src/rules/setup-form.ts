import { z } from '../core/zod.js';
import { ACCOUNT_NAME_MAX, ACCOUNT_NAME_MIN, MAX_BROWSE_NODES } from '../core/constants.js';
import { MESSAGES } from '../core/messages.js';
import type { ExistsResponse } from '../common/fields.js';
import { ACCOUNT_NAME_KEY_PATTERN, ACCOUNT_NAME_PATTERN } from './patterns.js';

/** Prospect account name, checked on blur: trimmed, at least 3 characters, then letters/spaces/hyphens. */
export const ProspectAccountNameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(ACCOUNT_NAME_MIN, MESSAGES.minimumCharacters),
    z.maxLength(ACCOUNT_NAME_MAX),
    z.regex(ACCOUNT_NAME_PATTERN, MESSAGES.specialCharacters),
  );

/** The first blur message for an account name, or null when it may go to the server check. */
export function accountNameError(raw: string): string | null {
  const value = raw.trim();
  if (value.length < ACCOUNT_NAME_MIN) return MESSAGES.minimumCharacters;
  if (!ACCOUNT_NAME_PATTERN.test(value)) return MESSAGES.specialCharacters;
  return null;
}

/** Keypress filter of the account-name input. */
export function isAllowedAccountNameKey(key: string): boolean {
  return key === 'Enter' || ACCOUNT_NAME_KEY_PATTERN.test(key);
}

/** The input is limited to 25 characters. */
export function limitAccountName(value: string): string {
  return value.slice(0, ACCOUNT_NAME_MAX);
}

/** Whether an existence check answered "exists" (the first item's isClientExists). */
export function existsIn(response: ExistsResponse): boolean {
  return response[0]?.isClientExists === true;
}

/** isProspectExists → `A customer already exists`. */
export function prospectExistsError(response: ExistsResponse): string | null {
  return existsIn(response) ? MESSAGES.customerExists : null;
}

/** isClientExists (rem_omni or per product) → `A customer setup already exists, …`. */
export function clientSetupExistsError(response: ExistsResponse): string | null {
  return existsIn(response) ? MESSAGES.customerSetupExists : null;
}

/** Brands text → list: split on commas, trimmed, empty parts dropped. */
export function splitBrands(text: string): string[] {
  return text
    .split(',')
    .map((b) => b.trim())
    .filter((b) => b.length > 0);
}

/** More than the maximum nodes for one retailer → `Maximum 50 browse nodes are allowed`. */
export function maxBrowseNodesError(count: number, max = MAX_BROWSE_NODES): string | null {
  return count > max ? MESSAGES.maxBrowseNodes(max) : null;
}

/** What decides whether Submit Request is enabled (docs/requirements.md#setup-form-validity). */
export const SetupFormValiditySchema = z
  .object({
    isLoading: z.boolean(),
    isNewClient: z.boolean(),
    clientName: z.string(),
    clientId: z.nullable(z.number().check(z.int())),
    clientNameErrorMessage: z.string(),
    brands: z.string(),
    selectedRetailers: z.array(
      z.object({
        retailerId: z.number().check(z.int()),
        nodeCount: z.number().check(z.int(), z.gte(0)),
      }),
    ),
  })
  .check(
    z.superRefine((form, ctx) => {
      const problems = [
        form.isLoading,
        form.clientName.trim().length === 0,
        form.clientNameErrorMessage.length > 0,
        !form.isNewClient && form.clientId === null,
        form.selectedRetailers.length === 0,
        form.selectedRetailers.some((r) => r.nodeCount === 0),
        form.selectedRetailers.some((r) => r.nodeCount > MAX_BROWSE_NODES),
        form.isNewClient && splitBrands(form.brands).length === 0,
      ];
      if (problems.some(Boolean))
        ctx.addIssue({ code: 'custom', message: MESSAGES.provideAllRequired });
    }),
  );
export type SetupFormValidityInput = z.input<typeof SetupFormValiditySchema>;

/** `Please provide all required fields` when the form may not be submitted, else null. */
export function setupFormError(input: SetupFormValidityInput): string | null {
  const result = SetupFormValiditySchema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? MESSAGES.provideAllRequired);
}
