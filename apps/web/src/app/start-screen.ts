/**
 * What the page's entry does before the app's chunk (React, the router, the providers) has
 * arrived: from the address alone, it sends the session check and, once that answered signed-in,
 * the first data requests of the screen the address names. The router sends the same requests
 * when it gets there and takes these over (an early request is taken over once). The screen's code is on its way already: the route's page
 * preloads it (tooling/screen-pages.ts).
 */
import { API_ROUTES } from '@onboarding/contracts/routes';
import { sendEarly } from '@/lib/early-requests';
import { parseRouteIds } from '@/lib/route-id';
import { ROUTES, type RouteName } from '@/lib/routes';
import { EARLY_SCREENS } from './early-screens';

interface ScreenMatch {
  name: RouteName;
  params: Record<string, string>;
}

const PATTERNS = (Object.entries(ROUTES) as [RouteName, { path: string }][]).map(
  ([name, { path }]) => ({ name, segments: path.split('/').filter(Boolean) }),
);

/**
 * The route a path names, ranked as the router ranks them (a static segment beats a param:
 * `/llm_service/prompts/add` is the add form, not the prompt "add"); null when none does.
 * router.test.tsx checks it against the router's own matching for every route.
 */
export function matchScreen(pathname: string): ScreenMatch | null {
  const parts = pathname.split('/').filter(Boolean);
  let best: (ScreenMatch & { statics: number }) | null = null;
  for (const { name, segments } of PATTERNS) {
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let statics = 0;
    const matches = segments.every((segment, i) => {
      const part = parts[i]!;
      if (segment.startsWith(':')) {
        try {
          params[segment.slice(1)] = decodeURIComponent(part);
        } catch {
          return false;
        }
        return true;
      }
      statics += 1;
      return segment.toLowerCase() === part.toLowerCase();
    });
    if (matches && (!best || statics > best.statics)) best = { name, params, statics };
  }
  return best && { name: best.name, params: best.params };
}

/**
 * Sends the first requests of the screen the address names: the session check, and once it has
 * answered signed-in, the screen's first data (none for login or a route with a bad id). A
 * signed-out operator's first load asks for no data: it goes to sign-in.
 */
export function sendScreenRequests(location: Pick<Location, 'href' | 'pathname'>): void {
  const match = matchScreen(location.pathname);
  if (!match || match.name === 'login') return;
  const session = sendEarly(API_ROUTES.session.config);
  const early = EARLY_SCREENS[match.name];
  const ids = parseRouteIds(match.params);
  if (!early || !ids) return;
  const args = { request: new Request(location.href), params: match.params, ids };
  session.then(
    (answer) => {
      if (answer.ok) early(args);
    },
    () => undefined,
  );
}
