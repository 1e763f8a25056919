/**
 * How the prompt form meets `{{variable}}` placeholders. The placeholder rule itself lives in
 * `@onboarding/contracts` (`extractPromptVariables`, `fillPromptVariables`); these helpers only
 * shape it for the screen, so the form, the preview and the saved metadata never disagree.
 */
import {
  extractPromptVariables,
  fillPromptVariables,
  PROMPT_VARIABLE_NAME_PATTERN,
  reconcileVariableValues,
} from '@onboarding/contracts';

export { extractPromptVariables, reconcileVariableValues };

/**
 * Stored variables the stored text does not use (a prompt made elsewhere may carry them): kept
 * on Update as they were, since the operator never removed them from the text. Names no
 * placeholder could write are left out, as the gateway would refuse them.
 */
export function keptVariables(text: string, stored: Readonly<Record<string, string>>): string[] {
  const inText = new Set(extractPromptVariables(text));
  return Object.keys(stored).filter(
    (name) => !inText.has(name) && PROMPT_VARIABLE_NAME_PATTERN.test(name),
  );
}

/** The variables a save sends: those of the text, then the kept ones the text does not use. */
export function formVariables(text: string, kept: readonly string[] = []): string[] {
  const inText = extractPromptVariables(text);
  const seen = new Set(inText);
  return [...inText, ...kept.filter((name) => !seen.has(name))];
}

/** One piece of the preview: plain text, or a variable with its value (empty when unfilled). */
export type PreviewSegment =
  { kind: 'text'; text: string } | { kind: 'variable'; name: string; value: string };

/** Marks a variable's position; the text is cleared of this character first. */
const MARK = '\u0000';

/**
 * The prompt cut into text and variables, in order. Every placeholder the contracts' rule
 * recognises becomes a variable segment (with its value, or '' when none is given); malformed
 * braces stay text.
 */
export function previewSegments(
  text: string,
  values: Readonly<Record<string, string>>,
): PreviewSegment[] {
  const clean = text.split(MARK).join('');
  const names = extractPromptVariables(clean);
  if (names.length === 0) return clean ? [{ kind: 'text', text: clean }] : [];
  // Each placeholder is replaced by MARK + name + MARK, so splitting on MARK alternates text, name.
  const marked = fillPromptVariables(
    clean,
    Object.fromEntries(names.map((name) => [name, `${MARK}${name}${MARK}`])),
  );
  const parts = marked.split(MARK);
  const segments: PreviewSegment[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 1) segments.push({ kind: 'variable', name: part, value: values[part] ?? '' });
    else if (part) segments.push({ kind: 'text', text: part });
  });
  return segments;
}

/** Names of the variables in the text that have no value yet, each once. */
export function unfilledVariables(
  text: string,
  values: Readonly<Record<string, string>>,
): string[] {
  return extractPromptVariables(text).filter((name) => !values[name]);
}
