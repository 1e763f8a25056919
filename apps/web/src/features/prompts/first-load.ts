/** The prompts list's one call, sent early (lib/early-requests.ts; no Zod here). */
import { API_ROUTES } from '@onboarding/contracts/routes';
import { sendEarly, type FirstLoadRequests } from '@/lib/early-requests';

export const PROMPTS_FIRST_LOAD = {
  prompts: () => void sendEarly(API_ROUTES.llm.getAll),
} satisfies FirstLoadRequests;
