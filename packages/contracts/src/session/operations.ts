import { z } from 'zod';
import { API_PREFIX, defineArea, EmptyBodySchema } from '../core/operation.js';

/** Sign-in request (docs/requirements.md#calls-session): the return path and the e-mail typed. */
export const SignInRequestSchema = z.strictObject({
  currentUrl: z.string().max(2000).describe('A path on the console to return to after sign-in'),
  email: z.email().max(320),
});
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

export const SessionConfigSchema = z.object({
  user: z.object({ email: z.string() }),
  dashboardBaseUrl: z.string().describe('Host of the client dashboards the list links to'),
});
export type SessionConfig = z.infer<typeof SessionConfigSchema>;

/**
 * Where the identity provider sends the browser back after sign-in: a redirect target, not a
 * call the web app makes, so it is no operation.
 */
export const SIGN_IN_CALLBACK_PATH = `${API_PREFIX}/sso/callback`;

export const sessionOps = defineArea(
  { area: 'session', service: 'gateway', prefix: API_PREFIX },
  {
    config: {
      method: 'GET',
      summary: 'The signed-in operator (the session check); 401 when signed out',
      response: SessionConfigSchema,
      idempotent: true,
    },
    getAuthUrl: {
      method: 'POST',
      path: '/sso/getAuthUrl',
      summary: "The identity provider's sign-in address for this operator",
      body: SignInRequestSchema,
      response: z.string().url().describe('The address to send the browser to'),
    },
    logout: {
      method: 'POST',
      path: '/sso/logout',
      summary: "Sign out: ends the session and answers the identity provider's sign-out address",
      body: EmptyBodySchema,
      response: z.string().describe('The address to send the browser to'),
    },
  },
);
