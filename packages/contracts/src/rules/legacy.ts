import { z } from 'zod';
import { MESSAGES } from '../core/messages.js';
import { LEGACY_CLIENT_NAME_PATTERN } from './patterns.js';
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
  .trim()
  .min(1, MESSAGES.legacyClientNameRequired)
  .regex(LEGACY_CLIENT_NAME_PATTERN, MESSAGES.specialCharacters);

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

/** Save is allowed with a valid client name and a status. */
export function isLegacyFormSaveable(form: LegacySetupForm): boolean {
  return legacyClientNameError(form.clientName) === null && form.currentStatus.trim().length > 0;
}

/** Only selected modules are sent, without the form-only flag. */
export function selectedModules(
  modules: readonly ModuleForm[],
): { id: ModuleForm['id']; name: string; regions: ModuleForm['regions'] }[] {
  return modules
    .filter((m) => m.isSelected)
    .map(({ id, name, regions }) => ({ id, name, regions }));
}
