import type { FleetFilter, SetupRow } from '@onboarding/contracts';
import { useMemo } from 'react';
import { useFleetList } from '@/lib/data/fleet-list';
import { useSetupPage } from '@/lib/data/setup-list';
import type { SetupFlow } from '@/lib/setup-flow';
import { totalRecords } from '../utils/group-setups';
import { fleetListRows, fleetPage, hasFilter } from '../utils/list-filter';
import { allSetupBody, type ListParams } from '../utils/list-params';

/**
 * The list page's rows: allSetup's page with no filter, exactly as before; with any filter the
 * fleet snapshot's matching setups (GET /api/fleet/list, 20 a page), with how many match and the
 * snapshot's time. Only the read in use is asked.
 */
export function useListRows(
  flow: SetupFlow,
  params: ListParams,
  filter: FleetFilter,
  refetchInterval: (rows: SetupRow[] | undefined) => number | false,
) {
  const filtered = hasFilter(filter);
  // Not a call in the hook's argument: React Compiler then gives up on the memoisation.
  const body = useMemo(() => allSetupBody(params), [params]);
  const page = useMemo(() => fleetPage(params.page), [params.page]);
  const list = useSetupPage(flow, body, refetchInterval, !filtered);
  const fleet = useFleetList(flow, filter, page, filtered);
  const rows = useMemo(() => (fleet.data ? fleetListRows(fleet.data) : undefined), [fleet.data]);
  const query = filtered ? fleet : list;
  return {
    body,
    filtered,
    query,
    rows: filtered ? rows : list.data,
    total: filtered ? (fleet.data?.total ?? 0) : totalRecords(list.data ?? []),
    /** When the snapshot the filtered rows come from was taken (null unfiltered or unknown). */
    takenAt: filtered ? (fleet.data?.takenAt ?? null) : null,
  };
}
