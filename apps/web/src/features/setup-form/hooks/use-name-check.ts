import { accountNameError } from '@onboarding/contracts';
import { useCallback, type Dispatch } from 'react';
import type { SetupFlow } from '@/lib/setup-flow';
import { useExistenceCheck } from '../api/existence';
import type { SetupFormAction } from '../utils/form-state';

export interface NameCheckInput {
  flow: SetupFlow;
  clientName: string;
  dispatch: Dispatch<SetupFormAction>;
  /** A prospect a failed submit already registered: its name is not checked again. */
  isRegistered: (name: string) => boolean;
}

/**
 * The client name's checks while the operator edits it: a prospect's name on blur
 * (docs/requirements.md#setup-form-prospect-name), a picked client at once
 * (docs/requirements.md#setup-form-existing-client). An edit or a newer check discards the answer
 * of an older one.
 */
export function useNameCheck({ flow, clientName, dispatch, isRegistered }: NameCheckInput) {
  const { mutate, reset, isPending } = useExistenceCheck(flow);

  const show = useCallback(
    (message: string | null) => dispatch({ type: 'clientNameError', message: message ?? '' }),
    [dispatch],
  );

  const onNameChange = useCallback(
    (value: string) => {
      reset();
      dispatch({ type: 'clientName', value });
    },
    [reset, dispatch],
  );

  const onNameBlur = useCallback(() => {
    const name = clientName.trim();
    dispatch({ type: 'trimClientName' });
    const ruleError = accountNameError(name);
    if (ruleError) {
      reset();
      dispatch({ type: 'clientNameError', message: ruleError });
      return;
    }
    if (isRegistered(name)) return;
    mutate({ kind: 'prospect', name }, { onSuccess: show });
  }, [clientName, dispatch, reset, isRegistered, mutate, show]);

  const onPickClient = useCallback(
    (client: { id: number; name: string } | null) => {
      reset();
      dispatch({ type: 'pickClient', client });
      if (client) mutate({ kind: 'client', name: client.name }, { onSuccess: show });
    },
    [reset, dispatch, mutate, show],
  );

  return { checking: isPending, onNameChange, onNameBlur, onPickClient };
}
