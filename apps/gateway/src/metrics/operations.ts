import { API_PREFIX, OPERATIONS, pathMatcher, SIGN_IN_CALLBACK_PATH } from '@onboarding/contracts';

/** A request's label in metrics and span names: every value is in this file, never a raw path. */
const OTHER_OPERATIONS = {
  health: 'health',
  ready: 'ready',
  callback: 'session.callback',
  docs: 'docs',
  /** Anything outside /api: the web app's pages and assets. */
  web: 'web',
  /** An /api path or method no route answers. */
  unknown: 'unknown',
} as const;

const GET_ROUTES = new Map<string, string>([
  [`${API_PREFIX}/health`, OTHER_OPERATIONS.health],
  [`${API_PREFIX}/ready`, OTHER_OPERATIONS.ready],
  [SIGN_IN_CALLBACK_PATH, OTHER_OPERATIONS.callback],
  [`${API_PREFIX}/docs`, OTHER_OPERATIONS.docs],
  [`${API_PREFIX}/docs-json`, OTHER_OPERATIONS.docs],
]);

/** Declared paths without params, looked up as they are; the others matched as routed. */
const exact = new Map<string, string>();
const patterns: { method: string; matches: (path: string) => unknown; id: string }[] = [];
for (const op of OPERATIONS) {
  if (!op.path.includes(':')) exact.set(`${op.method} ${op.path}`, op.id);
  else patterns.push({ method: op.method, matches: pathMatcher(op.path), id: op.id });
}

/**
 * The contract operation id a request is for (`rem_omni.allSetup`), or one of OTHER_OPERATIONS:
 * known whether or not the request got as far as its route (a 429 or a 413 is labelled too).
 */
export function operationOf(method: string, path: string): string {
  if (path !== API_PREFIX && !path.startsWith(`${API_PREFIX}/`)) return OTHER_OPERATIONS.web;
  const asGet = method === 'HEAD' ? 'GET' : method;
  if (asGet === 'GET') {
    const own = GET_ROUTES.get(path);
    if (own) return own;
    if (path.startsWith(`${API_PREFIX}/docs/`)) return OTHER_OPERATIONS.docs;
  }
  return (
    exact.get(`${asGet} ${path}`) ??
    patterns.find((p) => p.method === asGet && p.matches(path) !== null)?.id ??
    OTHER_OPERATIONS.unknown
  );
}
