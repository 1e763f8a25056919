import { PROMPT_VARIABLE_DEBOUNCE_MS } from '@onboarding/contracts';
import { useMemo, useState } from 'react';
import { extractPromptVariables, reconcileVariableValues } from '../utils/variables';
import { useDebouncedValue } from './use-debounced-value';

/**
 * The variables of the prompt text, detected once typing has paused for 1 s (spec §5), and
 * their values: a new variable gets an empty value, a variable that left the text is dropped.
 */
export function usePromptVariables(text: string, initialValues: Record<string, string> = {}) {
  const settledText = useDebouncedValue(text, PROMPT_VARIABLE_DEBOUNCE_MS);
  const variables = useMemo(() => extractPromptVariables(settledText), [settledText]);
  const [values, setValues] = useState(() => reconcileVariableValues(variables, initialValues));
  const [valuesFor, setValuesFor] = useState(variables);

  // Adjusting state while rendering (not in an effect) keeps inputs and values in step.
  if (valuesFor !== variables) {
    setValuesFor(variables);
    setValues((prev) => reconcileVariableValues(variables, prev));
  }

  const setValue = (name: string, value: string) =>
    setValues((prev) => ({ ...prev, [name]: value }));

  return { variables, values, setValue };
}
