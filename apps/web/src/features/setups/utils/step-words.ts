import { stepLabel, WORKFLOW_STEP_KEYS } from '@onboarding/contracts';

// Here rather than in the contracts: only the setup actions' lazy chunks use it, so it stays off
// every first load.
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A server's message (`Re-triggered sti for setup 13`) with each step key it names shown as its
 * label (`Re-triggered STI for setup 13`): the known keys and `stepNames` (a product's steps).
 */
export function withStepLabels(
  message: string,
  stepNames: readonly (string | null)[] = [],
): string {
  const keys = [...new Set([...WORKFLOW_STEP_KEYS, ...stepNames])].filter(
    (k): k is string => !!k && stepLabel(k) !== k,
  );
  if (keys.length === 0) return message;
  // Longest first, so `sti_volume_trigger` is not read as `sti`; whole words only.
  keys.sort((a, b) => b.length - a.length);
  const pattern = new RegExp(`(?<![\\w@.-])(${keys.map(escapeRegExp).join('|')})(?![\\w@-])`, 'g');
  return message.replace(pattern, (key) => stepLabel(key));
}
