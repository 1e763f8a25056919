import { z } from '../core/zod.js';
import { MAX_SEARCH_TEXT } from '../core/constants.js';
import { MESSAGES } from '../core/messages.js';
import { LEGACY_CLIENT_NAME_PATTERN, plainSearchText } from './patterns.js';
import type { ModuleForm } from '../legacy/entities.js';

/** The legacy add / edit form. */
export interface LegacySetupForm {
  clientName: string;
  startDate: string;
  avcDate: string;
  amsDate: string;
  currentStatus: string;
  statusDetails: string;
  expectedSignoffDate: string;
  modules: ModuleForm[];
}

/** Client name checked on blur (trimmed): required, then letters, digits, spaces and hyphens. */
export const LegacyClientNameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, MESSAGES.legacyClientNameRequired),
    z.regex(LEGACY_CLIENT_NAME_PATTERN, MESSAGES.specialCharacters),
  );

export function legacyClientNameError(raw: string): string | null {
  const result = LegacyClientNameSchema.safeParse(raw);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** `Please select status` when an expected signoff date is set with no status. */
export function legacyStatusError(
  form: Pick<LegacySetupForm, 'currentStatus' | 'expectedSignoffDate'>,
): string | null {
  return form.expectedSignoffDate && !form.currentStatus ? MESSAGES.legacySelectStatus : null;
}

/**
 * Save is allowed with a status and a client name: a valid one when adding. In edit mode the
 * name is the stored one and read-only, so the name rule does not apply to it (stored names
 * such as "P&G" or "Nestlé" would otherwise lock the setup).
 */
export function isLegacyFormSaveable(form: LegacySetupForm, mode: 'add' | 'edit' = 'add'): boolean {
  const nameOk =
    mode === 'edit'
      ? form.clientName.trim().length > 0
      : legacyClientNameError(form.clientName) === null;
  return nameOk && form.currentStatus.trim().length > 0;
}

/**
 * The ongoing list's search as sent: without control characters, trimmed and cut to the call's
 * bound, so a long or pasted search (typed or in the URL) still loads the list.
 */
export function legacySearchText(raw: string): string {
  return plainSearchText(raw).trim().slice(0, MAX_SEARCH_TEXT).trim();
}

/** Only selected modules are sent, without the form-only flag. */
export function selectedModules(
  modules: readonly ModuleForm[],
): { id: ModuleForm['id']; name: string; regions: ModuleForm['regions'] }[] {
  return modules
    .filter((m) => m.isSelected)
    .map(({ id, name, regions }) => ({ id, name, regions }));
}
