import {
  COMMON_CLIENT_ID,
  COMMON_CLIENT_NAME,
  type llmOps,
  type OperationBody,
  type PromptClientOption,
} from '@onboarding/contracts';
import { formVariables, reconcileVariableValues } from './variables';

/** What the prompt form holds. */
export interface PromptFormValues {
  /** null: no client chosen, the prompt belongs to Common. */
  client: PromptClientOption | null;
  name: string;
  prompt: string;
  businessContext: string;
  /** Values typed for the variables (may hold names no longer in the text). */
  values: Record<string, string>;
  /** Stored variables the stored text does not use, kept on Update (see `keptVariables`). */
  kept?: readonly string[];
}

export type AddPromptBody = OperationBody<typeof llmOps.add>;
export type UpdatePromptBody = OperationBody<typeof llmOps.update>;

/** Name required; prompt text required (Add is disabled with an empty prompt). */
export function isPromptFormComplete(form: Pick<PromptFormValues, 'name' | 'prompt'>): boolean {
  return form.name.trim().length > 0 && form.prompt.trim().length > 0;
}

/**
 * The metadata saved with a prompt: its name and the values of the variables in the text as it
 * is now (not as last detected), so a save right after typing never loses or keeps a variable.
 */
function metadataOf(form: PromptFormValues): AddPromptBody['metadata'] {
  return {
    name: form.name.trim(),
    variables: reconcileVariableValues(formVariables(form.prompt, form.kept), form.values),
  };
}

/** POST /prompts/add: the client defaults to Common (id 1) when none is chosen. */
export function addPromptBody(form: PromptFormValues): AddPromptBody {
  const businessContext = form.businessContext.trim();
  return {
    clientId: form.client?.client_id ?? COMMON_CLIENT_ID,
    clientName: form.client?.client ?? COMMON_CLIENT_NAME,
    prompt: form.prompt.trim(),
    ...(businessContext ? { businessContext } : {}),
    metadata: metadataOf(form),
  };
}

/** PUT /prompts/update: business context always sent, so clearing it clears it. */
export function updatePromptBody(promptId: number, form: PromptFormValues): UpdatePromptBody {
  return {
    promptId,
    newPrompt: form.prompt.trim(),
    newBusinessContext: form.businessContext.trim(),
    metadata: metadataOf(form),
  };
}
