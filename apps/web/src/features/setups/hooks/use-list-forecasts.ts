import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fleetSetupsQuery } from '@/lib/data/fleet-setups';
import type { SetupFlow } from '@/lib/setup-flow';
import { forecastLines, type ForecastLine } from '../utils/forecast-text';
import { isSetupCompleted, type SetupGroup } from '../utils/group-setups';

const NONE: readonly SetupGroup[] = [];

/**
 * The forecast lines of a list page's setups that have not completed: one fleet.setups call for
 * them, asked once the page's own rows are `shown` (never before them, nor holding them back).
 */
export function useListForecasts(
  flow: SetupFlow,
  groups: readonly SetupGroup[],
  shown: boolean,
): ReadonlyMap<number, readonly ForecastLine[]> {
  const page = shown ? groups : NONE;
  const ids = useMemo(() => page.filter((g) => !isSetupCompleted(g)).map((g) => g.setupId), [page]);
  // Fresh for half a minute: the gateway's snapshot changes once a minute by default.
  const fleet = useQuery({
    ...fleetSetupsQuery(flow.productId, ids, null),
    enabled: ids.length > 0,
    staleTime: 30_000,
  });
  return useMemo(
    () => new Map(ids.map((id) => [id, forecastLines(fleet.data, id, false)])),
    [ids, fleet.data],
  );
}
