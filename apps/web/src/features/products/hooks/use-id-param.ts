import { useRouteIds } from '@/lib/use-route-ids';

/**
 * A route's id param (`:id`, `:stepId`) by the one parser (lib/route-id.ts), or null when it is
 * absent or not an id (the app's router shows not-found first).
 */
export function useIdParam(name: 'id' | 'stepId'): number | null {
  return useRouteIds(name)?.[name] ?? null;
}
