import { z } from 'zod';

/** A refused sign-in; `reason` picks the generic text of `/login?error=`. */
export class SignInError extends Error {
  override readonly name = 'SignInError';
  constructor(
    readonly reason: 'failed' | 'domain',
    message: string,
    options?: { cause?: unknown; email?: string },
  ) {
    super(message, options);
    this.email = options?.email;
  }

  /** The e-mail the identity provider named, when it is a valid one (for the audit line). */
  readonly email: string | undefined;
}

const EmailSchema = z.email().max(254);

/**
 * The verified e-mail: normalised, valid, of an allowed domain. With an allow-list the IdP must
 * have verified it (else anyone could claim the domain); without one only `false` refuses.
 */
export function verifiedEmail(
  identity: { email?: unknown; email_verified?: unknown },
  allowedDomains: readonly string[],
): string {
  const { email, email_verified: verified } = identity;
  const parsed = EmailSchema.safeParse(
    typeof email === 'string' ? email.trim().toLowerCase() : email,
  );
  if (!parsed.success) throw new SignInError('failed', 'no valid e-mail in the identity');
  const restricted = allowedDomains.length > 0;
  if (restricted ? verified !== true : verified === false)
    throw new SignInError('failed', 'e-mail not verified by the identity provider', {
      email: parsed.data,
    });
  const domain = parsed.data.slice(parsed.data.lastIndexOf('@') + 1);
  if (restricted && !allowedDomains.includes(domain))
    throw new SignInError('domain', 'e-mail domain not allowed', { email: parsed.data });
  return parsed.data;
}
