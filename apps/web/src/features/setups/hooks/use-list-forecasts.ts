import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useIdleAfter } from '@onboarding/ui';
import { useMemo } from 'react';
import type { SetupFlow } from '@/lib/setup-flow';
import type { ForecastLine } from '../utils/forecast-text';
import { isSetupCompleted, type SetupGroup } from '../utils/group-setups';

// With the fleet read and its schemas (2 KB gzipped), fetched once the rows show and the main
// thread is idle: it stays off the list's first load (e2e/specs/route-pages.spec.ts).
const loadForecasts = () => import('../utils/list-forecasts');

const NONE: readonly SetupGroup[] = [];
const NO_LINES: ReadonlyMap<number, readonly ForecastLine[]> = new Map();

/**
 * The forecast lines of a list page's setups that have not completed: one fleet.setups call for
 * them, asked once the page's own rows are `shown` (never before them, nor holding them back).
 */
export function useListForecasts(
  flow: SetupFlow,
  groups: readonly SetupGroup[],
  shown: boolean,
): ReadonlyMap<number, readonly ForecastLine[]> {
  const queryClient = useQueryClient();
  const idle = useIdleAfter(shown);
  const page = shown && idle ? groups : NONE;
  const ids = useMemo(() => page.filter((g) => !isSetupCompleted(g)).map((g) => g.setupId), [page]);
  const forecasts = useQuery({
    queryKey: flow.key('listForecasts', ids),
    queryFn: async () => (await loadForecasts()).readListForecasts(queryClient, flow, ids),
    enabled: ids.length > 0,
    // The gateway's snapshot changes once a minute by default (FLEET_REFRESH_SECONDS).
    staleTime: 30_000,
  });
  return forecasts.data ?? NO_LINES;
}
