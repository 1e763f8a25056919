import { z } from 'zod';
import { MESSAGES } from '../core/messages.js';

/** Prompt form: name and prompt text required; business context optional. */
export const PromptFormSchema = z.object({
  name: z.string().trim().min(1, MESSAGES.fieldRequired),
  prompt: z.string().trim().min(1, MESSAGES.fieldRequired),
  businessContext: z.string(),
});

const VARIABLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/**
 * The `{{variable}}` placeholders of a prompt, each once, in order of first appearance.
 * Malformed braces (`{x}`, `{{x}`, `{{ }}`, `{{1x}}`) are not variables.
 */
export function extractPromptVariables(text: string): string[] {
  const seen = new Set<string>();
  for (const match of text.matchAll(VARIABLE)) {
    const name = match[1];
    if (name) seen.add(name);
  }
  return [...seen];
}

/** Keeps the values of variables still in the text, adds empty ones for new variables. */
export function reconcileVariableValues(
  variables: readonly string[],
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  return Object.fromEntries(variables.map((v) => [v, values[v] ?? '']));
}

/** The prompt with variable values filled in (unfilled ones left as placeholders). */
export function fillPromptVariables(
  text: string,
  values: Readonly<Record<string, string>>,
): string {
  return text.replace(VARIABLE, (whole, name: string) => {
    const value = values[name];
    return value ? value : whole;
  });
}
