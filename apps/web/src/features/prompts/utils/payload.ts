import {
  COMMON_CLIENT_ID,
  COMMON_CLIENT_NAME,
  type llmOps,
  type OperationBody,
  type Prompt,
  type PromptClientOption,
} from '@onboarding/contracts';
import { formVariables, keptVariables, reconcileVariableValues } from './variables';

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

/**
 * A stored prompt as the Update body the form would send unchanged: what the review compares
 * against (the prompt as the form opened it, or as the server holds it now).
 */
export function storedPromptBody(prompt: Prompt): UpdatePromptBody {
  const stored = prompt.metadata.variables;
  const kept = keptVariables(prompt.prompt, stored);
  return updatePromptBody(prompt.prompt_id, {
    client: null,
    name: prompt.metadata.name,
    prompt: prompt.prompt,
    businessContext: prompt.business_context ?? '',
    values: reconcileVariableValues(formVariables(prompt.prompt, kept), stored),
    kept,
  });
}

/** The prompt form's values kept over a session end (lib/drafts.ts). */
export interface PromptDraft {
  client: PromptClientOption | null;
  name: string;
  prompt: string;
  businessContext: string;
  values: Record<string, string>;
  kept: string[];
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** A kept draft of the prompt form, or undefined for anything else. */
export function parsePromptDraft(value: unknown): PromptDraft | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const d = value as Partial<Record<keyof PromptDraft, unknown>>;
  const values = d.values;
  const fine =
    isText(d.name) &&
    isText(d.prompt) &&
    isText(d.businessContext) &&
    Array.isArray(d.kept) &&
    d.kept.every(isText) &&
    typeof values === 'object' &&
    values !== null &&
    Object.values(values).every(isText) &&
    (d.client === null || (typeof d.client === 'object' && d.client !== undefined));
  return fine ? (value as PromptDraft) : undefined;
}
