import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  FLEET_FILTER_PARAMS,
  fleetFilterTest,
  serializeFleetFilterQuery,
  type FleetFailure,
  type FleetFilter,
  type FleetFilterKey,
  type FilterSetup,
} from '@onboarding/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { everyFleetSetupQuery } from '@/lib/data/fleet-setups';
import { formatDateTime } from '@/lib/format-date';
import type { SetupFlow } from '@/lib/setup-flow';
import { useNow } from '@/lib/use-now';
import { hasFilter, readListFilter } from '../utils/list-filter';

/**
 * What the board filters by: the list's filters but status (every board row is FAILED) and step
 * (`?step=` names the group the board opens, as the health screen's and the watch's links do).
 */
function boardFilterOf(filter: FleetFilter): FleetFilter {
  const { status: _status, step: _step, ...rest } = filter;
  return rest;
}

/** Slow and overdue read each failed setup's forecast: asked again this often at most. */
const NOW_MS = 60_000;

/**
 * The board's rows the address's fleet filters match (docs/requirements.md#failure-board-filters):
 * undefined while the failures, or the forecasts slow and overdue read (fleet.setups, 100 setups
 * a call), are on their way.
 */
function useBoardFilter(
  flow: SetupFlow,
  failures: readonly FleetFailure[] | undefined,
  takenAt: string | null,
) {
  const [searchParams] = useSearchParams();
  const { filter, filterError } = useMemo(() => {
    const read = readListFilter(searchParams);
    return { filter: boardFilterOf(read.filter), filterError: read.filterError };
  }, [searchParams]);
  const now = useNow(NOW_MS);
  const readsForecast = filter.slow !== undefined || filter.overdue !== undefined;
  const setupIds = useMemo(
    () => (readsForecast ? [...new Set((failures ?? []).map((f) => f.setupId))] : []),
    [failures, readsForecast],
  );
  // A newer snapshot asks again; the forecasts read before stand in meanwhile.
  const read = useQuery({
    ...everyFleetSetupQuery(flow.productId, setupIds, takenAt),
    enabled: setupIds.length > 0,
    placeholderData: keepPreviousData,
  });
  const forecasts = useMemo(() => {
    if (setupIds.length === 0) return new Map<number, FilterSetup['forecast']>();
    return read.data ? new Map(read.data.map((s) => [s.setupId, s.forecast])) : null;
  }, [setupIds.length, read.data]);
  const shown = useMemo(() => {
    if (!failures || !hasFilter(filter)) return failures;
    if (readsForecast && !forecasts) return undefined;
    const matches = failureMatcher(filter, now, (id) => forecasts?.get(id));
    return failures.filter(matches);
  }, [failures, filter, readsForecast, forecasts, now]);
  return { filter, filterError, active: hasFilter(filter), failures: shown };
}

/**
 * The board's read (fleet.failures) has no filters, so its rows are narrowed here by the
 * contracts' rules (fleetFilterTest), the ones the gateway's filtered list applies: the row
 * filters on the failure's row (FAILED, failed at its time),
 * the setup filters on its setup. `setupOf` gives a setup's forecast when the filter reads one
 * (slow, overdue); a failure whose setup is not known then does not match.
 */
function failureMatcher(
  filter: FleetFilter,
  now: number,
  setupOf: (setupId: number) => FilterSetup['forecast'] | undefined,
): (failure: FleetFailure) => boolean {
  const test = fleetFilterTest(boardFilterOf(filter));
  return (failure) => {
    const failedAt = failure.failedAt === null ? undefined : Date.parse(failure.failedAt);
    if (!test.row({ ...failure, status: 'FAILED' }, failedAt)) return false;
    let forecast: FilterSetup['forecast'] = null;
    if (test.readsForecast) {
      const known = setupOf(failure.setupId);
      if (known === undefined) return false;
      forecast = known;
    }
    return test.setup({ isNewClient: failure.isNewClient, forecast }, now);
  };
}

const flag = (value: boolean, yes: string, no: string) => (value ? yes : no);

/** Each set filter as the operator reads it: `Retailer: Walmart`, `Market Share: ML`. */
function filterTexts(
  filter: FleetFilter,
  retailerNames: ReadonlyMap<number, string> | undefined,
): [FleetFilterKey, string][] {
  const texts: [FleetFilterKey, string][] = [];
  const { retailer, marketShare, prospect, slow, overdue, failedSince } = filter;
  if (retailer)
    texts.push([
      'retailer',
      `Retailer: ${retailer.map((id) => retailerNames?.get(id) ?? `Retailer ${id}`).join(', ')}`,
    ]);
  if (marketShare !== undefined)
    texts.push(['marketShare', `Market Share: ${flag(marketShare, 'ML', 'CL')}`]);
  if (prospect !== undefined)
    texts.push(['prospect', `Client: ${flag(prospect, 'Prospects', 'Clients')}`]);
  if (slow !== undefined) texts.push(['slow', `Slow: ${flag(slow, 'Slow', 'Not slow')}`]);
  if (overdue !== undefined)
    texts.push(['overdue', `Overdue: ${flag(overdue, 'Overdue', 'Not overdue')}`]);
  if (failedSince !== undefined)
    texts.push(['failedSince', `Failed since: ${formatDateTime(failedSince)}`]);
  return texts;
}

/**
 * The filters the board follows, each removable (its button), `Clear filters`, and the way back
 * to the list with them. The address keeps them, so a reload or a copied link shows the same.
 */
function FailureBoardFilters({
  flow,
  filter,
  retailerNames,
}: {
  flow: SetupFlow;
  filter: FleetFilter;
  retailerNames: ReadonlyMap<number, string> | undefined;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const remove = (keys: readonly FleetFilterKey[]) => {
    const next = new URLSearchParams(searchParams);
    for (const key of keys) next.delete(FLEET_FILTER_PARAMS[key]);
    setSearchParams(next);
  };
  const texts = filterTexts(filter, retailerNames);
  if (texts.length === 0) return null;
  const listQuery = serializeFleetFilterQuery(filter);
  return (
    <Box
      role="group"
      aria-label="Filters"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}
    >
      <Typography variant="body2">Showing the failures of setups matching:</Typography>
      {texts.map(([key, text]) => (
        <Button
          key={key}
          size="small"
          variant="outlined"
          endIcon={<Close />}
          aria-label={`Remove filter ${text}`}
          onClick={() => remove([key])}
          sx={{ textTransform: 'none' }}
        >
          {text}
        </Button>
      ))}
      <Button size="small" onClick={() => remove(texts.map(([key]) => key))}>
        Clear filters
      </Button>
      <Link component={RouterLink} to={`${flow.routes.list()}?${listQuery}`} variant="body2">
        Change them on the list
      </Link>
    </Box>
  );
}

/** What the board shows under the address's filters: undefined while it is worked out. */
export interface Narrowed {
  failures: readonly FleetFailure[] | undefined;
  /** Whether a filter the board applies is set. */
  active: boolean;
}

/**
 * The board's filters (loaded only for an address that names one): the rows they match,
 * reported to the board, and above the groups the filters themselves and a bad one named.
 */
export function FailureBoardFilterStage({
  flow,
  failures,
  takenAt,
  retailerNames,
  onNarrowed,
}: {
  flow: SetupFlow;
  failures: readonly FleetFailure[] | undefined;
  takenAt: string | null;
  retailerNames: ReadonlyMap<number, string> | undefined;
  onNarrowed: (narrowed: Narrowed) => void;
}) {
  const filters = useBoardFilter(flow, failures, takenAt);
  const { active } = filters;
  useEffect(
    () => onNarrowed({ failures: filters.failures, active }),
    [onNarrowed, filters.failures, active],
  );
  return (
    <>
      <FailureBoardFilters flow={flow} filter={filters.filter} retailerNames={retailerNames} />
      {filters.filterError ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {filters.filterError}
        </Alert>
      ) : null}
    </>
  );
}
