/** Backslashes, control characters and whitespace: browser-specific meanings in URLs. */
function hasUnsafeCharacters(s: string): boolean {
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '\\' || c <= 0x20 || c === 0x7f) return true;
  }
  return false;
}

/**
 * A path, or an address on the gateway's public origin, gives its path; anything else `/` (no
 * open redirect: docs/security.md#return-target).
 */
export function safeReturnTo(currentUrl: string, publicOrigin: string): string {
  if (!currentUrl || hasUnsafeCharacters(currentUrl)) return '/';
  const isPath = currentUrl.startsWith('/') && !currentUrl.startsWith('//');
  const isAbsolute = /^https?:\/\//i.test(currentUrl);
  if (!isPath && !isAbsolute) return '/';
  let url: URL;
  try {
    url = new URL(currentUrl, publicOrigin);
  } catch {
    return '/';
  }
  if (url.origin !== publicOrigin || url.username || url.password) return '/';
  const target = url.pathname + url.search + url.hash;
  // Landing back on the login page would ask to sign in again.
  if (url.pathname === '/login' || url.pathname.startsWith('/api/')) return '/';
  return target.startsWith('/') && !target.startsWith('//') ? target : '/';
}
