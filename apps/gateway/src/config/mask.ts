/**
 * The userinfo of every URL in a text, from `://` to the token's last `@`, so that a password
 * holding an unencoded `/` or `@` goes too: `redis://user:pass@host` → `redis://***@host`.
 */
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s"'<>]*@/gi;

/** The text with the credentials of its URLs hidden, for configuration errors and log lines. */
export function maskUrlCredentials(text: string): string {
  return text.replace(USERINFO, '$1***@');
}
