/**
 * What the page's entry does before the app's chunk (React, the router, the providers) has
 * arrived: from the address alone, it asks for the code of the screen the address names (and,
 * signed in, the shell's and the session's) and sends the screen's first data requests. The
 * router asks for the same modules and requests a moment later and finds them on their way (a
 * module loads once; an early request is taken over once).
 */
import { EARLY_PATHS } from '@onboarding/contracts';
import { sendEarly } from '@/lib/early-requests';
import { ROUTES, type RouteName } from '@/lib/routes';
import { loginModule, SCREENS, shellModule } from './screens';

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

/** A failed early load is left to the router, which asks again and shows its error screen. */
const load = (module: () => Promise<unknown>) => void module().catch(() => undefined);

/**
 * Sends the first requests of the screen the address names: the session check and the
 * screen's first data (none for login).
 */
export function sendScreenRequests(location: Pick<Location, 'href' | 'pathname'>): void {
  const match = matchScreen(location.pathname);
  if (!match || match.name === 'login') return;
  sendEarly('GET', EARLY_PATHS.sessionConfig);
  SCREENS[match.name].early?.({ request: new Request(location.href), params: match.params });
}

/**
 * Asks for the code of the screen the address names, its loader's, and, signed in, the shell's and
 * the session's.
 */
export function loadScreenCode(location: Pick<Location, 'pathname'>): void {
  const match = matchScreen(location.pathname);
  if (!match) return;
  if (match.name === 'login') {
    load(loginModule);
    return;
  }
  load(shellModule);
  load(() => import('@/lib/session'));
  const screen = SCREENS[match.name];
  load(screen.module);
  if (screen.loaderModule) load(screen.loaderModule);
}
