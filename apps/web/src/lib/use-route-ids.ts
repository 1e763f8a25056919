import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { parseRouteId } from './route-id';

/**
 * The current route's id params by name (`useRouteIds('id', 'setupId')`), each parsed by
 * `parseRouteId`; null when any is absent or not an id. The router shows not-found for a bad id
 * before a screen renders, so a screen meets null only when rendered outside the app's router.
 * The same ids come back as the same object while the address names them.
 */
export function useRouteIds<N extends string>(...names: N[]): Record<N, number> | null {
  const params = useParams();
  const key = JSON.stringify(names.map((name) => [name, params[name] ?? null]));
  return useMemo(() => {
    const ids = {} as Record<N, number>;
    for (const [name, value] of JSON.parse(key) as [N, string | null][]) {
      const id = parseRouteId(value ?? undefined);
      if (id === null) return null;
      ids[name] = id;
    }
    return ids;
  }, [key]);
}
