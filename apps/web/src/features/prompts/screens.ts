/** The prompts screens' route pages (lib/screen.ts). */
import type { FeatureScreens } from '@/lib/screen';

export const PROMPTS_SCREENS = {
  prompts: { module: () => import('./routes/prompts') },
  addPrompt: { module: () => import('./routes/prompt-form') },
  editPrompt: { module: () => import('./routes/prompt-form') },
  promptDetail: { module: () => import('./routes/prompt-detail') },
} satisfies FeatureScreens;
