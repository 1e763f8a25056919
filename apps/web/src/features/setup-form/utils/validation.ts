import {
  scheduleFormErrors,
  setupFormError,
  type ScheduleForm,
  type SetupFormValidityInput,
} from '@onboarding/contracts';
import { nodesOf, type Selections } from './selection';

/**
 * The schedule messages (docs/requirements.md#setup-form-schedule) for the editor. When editing,
 * a stored start date that has passed is not an error as long as the operator leaves it unchanged.
 */
export function scheduleErrors(
  schedule: ScheduleForm | null,
  today: string,
  storedStartDate?: string,
): Partial<Record<keyof ScheduleForm, string>> {
  if (!schedule?.enabled) return {};
  const errors = scheduleFormErrors(schedule, today);
  if (storedStartDate !== undefined && schedule.startDate === storedStartDate) {
    delete errors.startDate;
  }
  return errors;
}

export interface ValidityState {
  isLoading: boolean;
  isNewClient: boolean;
  clientName: string;
  clientId: number | null;
  clientNameErrorMessage: string;
  brands: string;
  retailerIds: readonly number[];
  selections: Selections;
}

/** The input of the contracts' validity rule, from the form state. */
function validityInput(state: ValidityState): SetupFormValidityInput {
  return {
    isLoading: state.isLoading,
    isNewClient: state.isNewClient,
    clientName: state.clientName,
    clientId: state.clientId,
    clientNameErrorMessage: state.clientNameErrorMessage,
    brands: state.brands,
    selectedRetailers: state.retailerIds.map((retailerId) => ({
      retailerId,
      nodeCount: nodesOf(state.selections, retailerId).length,
    })),
  };
}

/** `Please provide all required fields` while Submit may not go ahead, else null. */
export function formError(state: ValidityState): string | null {
  return setupFormError(validityInput(state));
}

/** Retailers among the selected ones that have no node yet. */
export function retailersWithoutNodes(
  retailerIds: readonly number[],
  selections: Selections,
): number[] {
  return retailerIds.filter((id) => nodesOf(selections, id).length === 0);
}
