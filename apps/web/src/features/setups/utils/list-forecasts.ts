import type { QueryClient } from '@tanstack/react-query';
import { fleetSetupsQuery } from '@/lib/data/fleet-setups';
import type { SetupFlow } from '@/lib/setup-flow';
import { forecastLines, type ForecastLine } from './forecast-text';

/**
 * The forecast lines of a list page's setups, from one fleet.setups call. Loaded on its own
 * (hooks/use-list-forecasts.ts): with the fleet contracts' schemas it stays off the list's first
 * load.
 */
export async function readListForecasts(
  queryClient: QueryClient,
  flow: SetupFlow,
  setupIds: readonly number[],
): Promise<ReadonlyMap<number, readonly ForecastLine[]>> {
  const answer = await queryClient.fetchQuery(fleetSetupsQuery(flow.productId, setupIds, null));
  return new Map(setupIds.map((id) => [id, forecastLines(answer, id, false)]));
}
