import { z } from '../core/zod.js';
import { MESSAGES } from '../core/messages.js';

/** An empty e-mail gives `Please enter an email ID.` and no request is sent. */
export const LoginEmailSchema = z
  .string()
  .check(z.trim(), z.minLength(1, MESSAGES.loginEmailRequired));

export function loginEmailError(raw: string): string | null {
  return LoginEmailSchema.safeParse(raw).success ? null : MESSAGES.loginEmailRequired;
}
