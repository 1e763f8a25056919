import type { ScheduleForm } from '@onboarding/contracts';
import type { SetupFormValues } from './form-state';
import type { Selections } from './selection';

/**
 * What the prospect form hands to the existing-client form when the operator uses an existing
 * client instead (docs/requirements.md#setup-form-similar-names): everything but the name.
 */
export interface CarriedValues {
  brands: string;
  retailerIds: readonly number[];
  selections: Selections;
  schedule: ScheduleForm | null;
}

/** The router state that carries the values (history state survives a reload). */
export function carryState(values: SetupFormValues): { carried: CarriedValues } {
  const { brands, retailerIds, selections, schedule } = values;
  return { carried: { brands, retailerIds, selections, schedule } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The carried values of a location's state, or null when it carries none (or not in shape). */
export function carriedValues(state: unknown): CarriedValues | null {
  if (!isRecord(state) || !isRecord(state.carried)) return null;
  const { brands, retailerIds, selections, schedule } = state.carried;
  const ok =
    typeof brands === 'string' &&
    Array.isArray(retailerIds) &&
    retailerIds.every((id) => Number.isInteger(id)) &&
    isRecord(selections) &&
    Object.values(selections).every(Array.isArray) &&
    (schedule === null || (isRecord(schedule) && typeof schedule.enabled === 'boolean'));
  if (!ok) return null;
  return state.carried as unknown as CarriedValues;
}
