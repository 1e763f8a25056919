import { z } from 'zod';
import { defineOperation, EmptyBodySchema } from '../core/operation.js';

/** Sign-in request (spec §3): where to land afterwards and the e-mail typed. */
export const SignInRequestSchema = z.strictObject({
  currentUrl: z.string().max(2000).describe('A path on the console to return to after sign-in'),
  email: z.email().max(320),
});
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

export const SessionConfigSchema = z.looseObject({
  user: z.looseObject({ email: z.string() }),
  dashboardBaseUrl: z.string().describe('Host of the client dashboards the list links to'),
});
export type SessionConfig = z.infer<typeof SessionConfigSchema>;

const base = { area: 'session', service: 'gateway' } as const;

export const sessionOps = {
  config: defineOperation({
    ...base,
    id: 'session.config',
    name: 'config',
    method: 'GET',
    path: '/api/config',
    summary: 'The signed-in operator (the session check); 401 when signed out',
    response: SessionConfigSchema,
    idempotent: true,
  }),
  getAuthUrl: defineOperation({
    ...base,
    id: 'session.getAuthUrl',
    name: 'getAuthUrl',
    method: 'POST',
    path: '/api/sso/getAuthUrl',
    summary: "The identity provider's sign-in address for this operator",
    body: SignInRequestSchema,
    response: z.string().url().describe('The address to send the browser to'),
  }),
  logout: defineOperation({
    ...base,
    id: 'session.logout',
    name: 'logout',
    method: 'POST',
    path: '/api/sso/logout',
    summary: "Sign out: ends the session and answers the identity provider's sign-out address",
    body: EmptyBodySchema,
    response: z.string().describe('The address to send the browser to'),
  }),
} as const;
