import { useMatches } from 'react-router-dom';
import { ROUTES, type RouteName } from './routes';

/** What the router puts on each named route's `handle`. */
export interface RouteHandle {
  route: RouteName;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'route' in value;
}

/** The current named route and its table entry (title, form mode). */
export function useRouteMeta() {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return { name: handle.route, ...ROUTES[handle.route] };
  }
  return null;
}
