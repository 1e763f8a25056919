import type { SetupFormValues } from './form-state';

/**
 * A kept draft of the setup form (lib/drafts.ts), or undefined for anything else. The values are
 * the form's own, written by it; the check only refuses what is plainly not such a draft.
 */
export function parseSetupDraft(value: unknown): SetupFormValues | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const d = value as Partial<Record<keyof SetupFormValues, unknown>>;
  const fine =
    typeof d.clientName === 'string' &&
    typeof d.brands === 'string' &&
    typeof d.isNewClient === 'boolean' &&
    Array.isArray(d.retailerIds) &&
    d.retailerIds.every((id) => typeof id === 'number') &&
    typeof d.selections === 'object' &&
    d.selections !== null &&
    // A draft of no schedule says null; one without the field would leave the form half-set.
    typeof d.schedule === 'object';
  return fine ? (value as SetupFormValues) : undefined;
}
