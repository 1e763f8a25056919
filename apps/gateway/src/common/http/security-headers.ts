import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * helmet with a CSP that the Vite-built React + MUI app satisfies: scripts only from the origin
 * (no inline script), inline styles allowed because emotion injects <style> tags.
 */
export function securityHeaders(secure: boolean): RequestHandler {
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(secure ? { 'upgrade-insecure-requests': [] } : {}),
  };
  const base = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xPoweredBy: false,
  });
  const headers = headersOf(base);
  return (req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    if (req.path === '/api' || req.path.startsWith('/api/')) {
      // Nothing the API answers may be kept by a browser or a shared cache.
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Pragma', 'no-cache');
    }
    next();
  };
}

/**
 * The headers helmet sets, taken from helmet itself once: with directives that are plain strings
 * (no per-request nonce) they are the same on every answer, so each request only copies them.
 */
function headersOf(middleware: RequestHandler): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let finished = false;
  void middleware({} as Request, recorder as unknown as Response, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error('helmet failed to set its headers');
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return [...headers];
}
