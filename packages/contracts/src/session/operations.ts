import { z } from '../core/zod.js';
import { plainText } from '../common/fields.js';
import { defineArea, EmptyBodySchema, SIGN_IN_CALLBACK } from '../core/operation.js';

/** Sign-in request (docs/requirements.md#calls-session): the return path and the e-mail typed. */
export const SignInRequestSchema = z.strictObject({
  currentUrl: plainText().check(
    z.maxLength(2000),
    z.describe('A path on the console to return to after sign-in'),
  ),
  email: z.email().check(z.maxLength(320)),
});
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

export const SessionConfigSchema = z.object({
  user: z.object({ email: z.string() }),
  dashboardBaseUrl: z.string().check(z.describe('Host of the client dashboards the list links to')),
});
export type SessionConfig = z.infer<typeof SessionConfigSchema>;

/** Where the identity provider sends the browser back after sign-in (no operation). */
export const SIGN_IN_CALLBACK_PATH = SIGN_IN_CALLBACK.path;

export const sessionOps = defineArea(
  { area: 'session', service: 'gateway' },
  {
    config: {
      summary: 'The signed-in operator (the session check); 401 when signed out',
      example: {},
      response: SessionConfigSchema,
      idempotent: true,
    },
    getAuthUrl: {
      summary: "The identity provider's sign-in address for this operator",
      body: SignInRequestSchema,
      example: { body: { currentUrl: '/rem_omni/see_all', email: 'operator@example.com' } },
      response: z.string().check(z.url(), z.describe('The address to send the browser to')),
    },
    logout: {
      summary: "Sign out: ends the session and answers the identity provider's sign-out address",
      body: EmptyBodySchema,
      example: { body: {} },
      response: z.string().check(z.describe('The address to send the browser to')),
    },
  },
);
