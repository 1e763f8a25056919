import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { FormMode } from '@/lib/routes';
import type { SetupFlow } from '@/lib/setup-flow';
import { carryState } from '../utils/carry';
import type { SetupFormValues } from '../utils/form-state';
import type { NameCandidate } from '../utils/similar-names';

export interface ClientSwitchInput {
  flow: SetupFlow;
  mode: FormMode;
  initial: SetupFormValues;
  values: SetupFormValues;
  onPickClient: (client: { id: number; name: string }) => void;
  /** Called before switching, so that leaving the prospect form does not ask. */
  permitLeave: () => void;
}

/**
 * "use existing client" (docs/requirements.md#setup-form-similar-names): from the prospect
 * form to the existing-client form of the flow with that client picked, carrying what was
 * entered but the name; there the picked client is checked as a pick is.
 */
export function useClientSwitch({
  flow,
  mode,
  initial,
  values,
  onPickClient,
  permitLeave,
}: ClientSwitchInput) {
  const navigate = useNavigate();
  const preselected = useRef(
    mode === 'client' && initial.clientId !== null
      ? { id: initial.clientId, name: initial.clientName }
      : null,
  );
  useEffect(() => {
    const client = preselected.current;
    preselected.current = null;
    if (client) onPickClient(client);
  }, [onPickClient]);

  return useCallback(
    (client: NameCandidate) => {
      permitLeave();
      void navigate(flow.routes.clientForm(client.clientId), { state: carryState(values) });
    },
    [permitLeave, navigate, flow, values],
  );
}
