import { useMatches } from 'react-router-dom';
import { ROUTES, routeOfHandles } from './routes';

export type { RouteHandle } from './routes';

/** The current named route and its table entry (title, form mode). */
export function useRouteMeta() {
  const name = routeOfHandles(useMatches().map((match) => match.handle));
  return name ? { name, ...ROUTES[name] } : null;
}
