import { PROMPT_VARIABLE_DEBOUNCE_MS } from '@onboarding/contracts';
import { useMemo, useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { formVariables, keptVariables, reconcileVariableValues } from '../utils/variables';

/**
 * The variables of the prompt text (docs/requirements.md#prompt-variables), detected once typing
 * has paused for 1 s, and their values: a new variable gets an empty value, one that left the
 * text is dropped. Stored variables the stored text does not use are kept (`kept`), with values.
 */
export function usePromptVariables(
  text: string,
  stored: Record<string, string> = {},
  /** A draft kept over a session end (lib/drafts.ts): its values and kept variables. */
  restored?: { values: Record<string, string>; kept: readonly string[] },
) {
  const [kept] = useState(() => restored?.kept ?? keptVariables(text, stored));
  const settledText = useDebouncedValue(text, PROMPT_VARIABLE_DEBOUNCE_MS);
  const variables = useMemo(() => formVariables(settledText, kept), [settledText, kept]);
  const [values, setValues] = useState(() =>
    reconcileVariableValues(variables, restored?.values ?? stored),
  );
  const [valuesFor, setValuesFor] = useState(variables);

  // Adjusting state while rendering (not in an effect) keeps inputs and values in step.
  if (valuesFor !== variables) {
    setValuesFor(variables);
    setValues((prev) => reconcileVariableValues(variables, prev));
  }

  const setValue = (name: string, value: string) =>
    setValues((prev) => ({ ...prev, [name]: value }));

  return { variables, values, setValue, kept };
}
