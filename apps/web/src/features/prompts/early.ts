/** The prompts list's one call, sent from the route loader (see lib/early-requests.ts). */
import { API_ROUTES } from '@onboarding/contracts/routes';
import { sendEarly } from '@/lib/early-requests';

export function sendPromptList(): void {
  sendEarly(API_ROUTES.llm.getAll);
}
