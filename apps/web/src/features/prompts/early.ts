/** The prompts list's one call, sent from the route loader (see lib/early-requests.ts). */
import { EARLY_PATHS } from '@onboarding/contracts';
import { sendEarly } from '@/lib/early-requests';

export function sendPromptList(): void {
  sendEarly('GET', EARLY_PATHS.promptList);
}
