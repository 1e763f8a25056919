import { loginEmailError, sessionOps, type SignInRequest } from '@onboarding/contracts';
import { call } from '@/lib/api-client';

/**
 * POST /api/sso/getAuthUrl: the identity provider's address for this operator. The login page
 * loads this module when it is about to be needed, keeping the client and Zod off its first load.
 */
export function getAuthUrl(body: SignInRequest): Promise<string> {
  return call(sessionOps.getAuthUrl, { body });
}

/** docs/requirements.md#login-email-rule: empty gives `Please enter an email ID.`, no call. */
export { loginEmailError };
