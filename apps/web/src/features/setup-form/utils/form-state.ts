import {
  DEFAULT_REGION,
  limitAccountName,
  splitBrands,
  type ScheduleForm,
  type SetupRegion,
} from '@onboarding/contracts';
import {
  addNode,
  removeNodes,
  reorderNodes,
  type SelectedNode,
  type Selections,
} from './selection';

/** Everything the operator edits on the setup form. */
export interface SetupFormValues {
  clientName: string;
  clientId: number | null;
  clientNameErrorMessage: string;
  region: SetupRegion;
  isNewClient: boolean;
  brands: string;
  /** Selected retailers, in the order they were chosen. */
  retailerIds: readonly number[];
  /** Chosen nodes per retailer (kept for a retailer unticked by mistake; only selected ones count). */
  selections: Selections;
  /** Null where the form offers no schedule. */
  schedule: ScheduleForm | null;
}

export interface SetupFormState {
  values: SetupFormValues;
  /** The retailer whose last node was refused for being one too many. */
  nodeLimitRetailerId: number | null;
}

export type SetupFormAction =
  | { type: 'clientName'; value: string }
  | { type: 'trimClientName' }
  | { type: 'clientNameError'; message: string }
  | { type: 'pickClient'; client: { id: number; name: string } | null }
  | { type: 'region'; value: SetupRegion }
  | { type: 'brands'; value: string }
  | { type: 'retailer'; retailerId: number; checked: boolean }
  | { type: 'toggleNode'; retailerId: number; node: SelectedNode; checked: boolean }
  | { type: 'reorderNodes'; retailerId: number; ids: readonly number[] }
  | { type: 'removeNodes'; retailerId: number; ids: readonly number[] }
  | { type: 'schedule'; value: ScheduleForm };

export function initialValues(
  init: Partial<SetupFormValues> & { isNewClient: boolean },
): SetupFormValues {
  return {
    clientName: '',
    clientId: null,
    clientNameErrorMessage: '',
    region: DEFAULT_REGION,
    brands: '',
    retailerIds: [],
    selections: {},
    schedule: null,
    ...init,
  };
}

function withValues(state: SetupFormState, values: Partial<SetupFormValues>): SetupFormState {
  return { ...state, values: { ...state.values, ...values } };
}

export function setupFormReducer(state: SetupFormState, action: SetupFormAction): SetupFormState {
  const v = state.values;
  switch (action.type) {
    case 'clientName':
      // Typing a new name clears the last blur message; the name is checked again on blur.
      return withValues(state, {
        clientName: limitAccountName(action.value),
        clientNameErrorMessage: '',
      });
    case 'trimClientName':
      return v.clientName === v.clientName.trim()
        ? state
        : withValues(state, { clientName: v.clientName.trim() });
    case 'clientNameError':
      return v.clientNameErrorMessage === action.message
        ? state
        : withValues(state, { clientNameErrorMessage: action.message });
    case 'pickClient':
      return withValues(state, {
        clientId: action.client?.id ?? null,
        clientName: action.client?.name ?? '',
        clientNameErrorMessage: '',
      });
    case 'region':
      return withValues(state, { region: action.value });
    case 'brands':
      return withValues(state, { brands: action.value });
    case 'retailer': {
      const has = v.retailerIds.includes(action.retailerId);
      if (has === action.checked) return state;
      return withValues(state, {
        retailerIds: action.checked
          ? [...v.retailerIds, action.retailerId]
          : v.retailerIds.filter((id) => id !== action.retailerId),
      });
    }
    case 'toggleNode': {
      if (!action.checked) {
        return {
          values: {
            ...v,
            selections: removeNodes(v.selections, action.retailerId, [action.node.id]),
          },
          nodeLimitRetailerId: null,
        };
      }
      const result = addNode(v.selections, action.retailerId, action.node);
      return {
        values: { ...v, selections: result.selections },
        nodeLimitRetailerId: result.error ? action.retailerId : null,
      };
    }
    case 'reorderNodes':
      return withValues(state, {
        selections: reorderNodes(v.selections, action.retailerId, action.ids),
      });
    case 'removeNodes':
      return {
        values: { ...v, selections: removeNodes(v.selections, action.retailerId, action.ids) },
        nodeLimitRetailerId: null,
      };
    case 'schedule':
      return withValues(state, { schedule: action.value });
  }
}

/** A comparable snapshot of what the operator would lose by leaving. */
export function snapshot(values: SetupFormValues): string {
  const selections = Object.fromEntries(
    values.retailerIds.map((id) => [id, (values.selections[id] ?? []).map((n) => n.id)]),
  );
  return JSON.stringify({
    clientName: values.clientName.trim(),
    clientId: values.clientId,
    region: values.region,
    brands: splitBrands(values.brands),
    retailerIds: values.retailerIds,
    selections,
    schedule: values.schedule,
  });
}
