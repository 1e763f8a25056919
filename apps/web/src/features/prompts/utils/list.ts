import type { Prompt } from '@onboarding/contracts';
import { includesFolded } from '@/lib/fold-text';

/** The search text on the prompt's name or client, case and accents aside ("cafe" finds "Café"). */
export function filterPrompts(prompts: readonly Prompt[], search: string): Prompt[] {
  if (!search.trim()) return [...prompts];
  return prompts.filter(
    (p) => includesFolded(p.metadata.name, search) || includesFolded(p.client, search),
  );
}

/** The list without one prompt, and where it stood (to put it back if the delete fails). */
export function removePrompt(
  prompts: readonly Prompt[],
  promptId: number,
): { list: Prompt[]; index: number } {
  const index = prompts.findIndex((p) => p.prompt_id === promptId);
  return { list: prompts.filter((p) => p.prompt_id !== promptId), index };
}

/**
 * Puts a prompt back where it stood. The list may have changed since (another delete, a
 * refetch): a prompt already present is left alone, and the position is clamped.
 */
export function restorePrompt(prompts: readonly Prompt[], prompt: Prompt, index: number): Prompt[] {
  if (prompts.some((p) => p.prompt_id === prompt.prompt_id)) return [...prompts];
  const at = index < 0 ? prompts.length : Math.min(index, prompts.length);
  return [...prompts.slice(0, at), prompt, ...prompts.slice(at)];
}
