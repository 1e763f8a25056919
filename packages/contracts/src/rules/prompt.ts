import { z } from '../core/zod.js';
import { PLAIN_TEXT_PATTERN } from '../common/fields.js';
import { MESSAGES } from '../core/messages.js';

/** Prompt form: name and prompt text required; business context optional. */
export const PromptFormSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, MESSAGES.fieldRequired)),
  prompt: z.string().check(z.trim(), z.minLength(1, MESSAGES.fieldRequired)),
  businessContext: z.string(),
});

/** Bounds of a prompt's variables, the same for the form and the gateway. */
export const PROMPT_VARIABLE_NAME_MAX = 100;
export const PROMPT_VARIABLES_MAX = 100;
export const PROMPT_VARIABLE_VALUE_MAX = 2000;

/**
 * A variable name as a placeholder writes it: anything but braces and line breaks, with no
 * space at either end (`{{ brand name }}` is the variable `brand name`).
 */
export const PROMPT_VARIABLE_NAME_PATTERN = /^[^{}\s](?:[^{}\r\n]*[^{}\s])?$/;

const VARIABLE = /\{\{[ \t]*([^{}\s](?:[^{}\r\n]*[^{}\s])?)[ \t]*\}\}/g;

/**
 * The `{{ … }}` placeholders of a prompt, each once, in order of first appearance. Any text
 * between double braces is a variable (spaces, hyphens and digits included, as prompts made
 * outside this app write them); empty braces, unclosed ones and braces within braces are not.
 */
export function extractPromptVariables(text: string): string[] {
  const seen = new Set<string>();
  for (const match of text.matchAll(VARIABLE)) {
    const name = match[1];
    if (name) seen.add(name);
  }
  return [...seen];
}

/** Why these variables cannot be saved (too many, or a name too long), or null. */
export function promptVariablesError(names: readonly string[]): string | null {
  if (names.length > PROMPT_VARIABLES_MAX) {
    return `A prompt can have at most ${PROMPT_VARIABLES_MAX} variables.`;
  }
  const long = names.find((name) => name.length > PROMPT_VARIABLE_NAME_MAX);
  return long === undefined
    ? null
    : `A variable name can have at most ${PROMPT_VARIABLE_NAME_MAX} characters: {{${long.slice(0, 20)}…}}`;
}

/** A metadata variable key: exactly what a placeholder can name. */
export const PromptVariableNameSchema = z
  .string()
  .check(
    z.maxLength(PROMPT_VARIABLE_NAME_MAX),
    z.regex(
      PROMPT_VARIABLE_NAME_PATTERN,
      'Must be a {{ … }} variable name: no braces or line breaks, no space at either end',
    ),
    z.regex(PLAIN_TEXT_PATTERN, MESSAGES.controlCharacters),
  );

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
