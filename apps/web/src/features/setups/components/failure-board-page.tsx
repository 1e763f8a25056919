import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES, stepLabel } from '@onboarding/contracts';
import { idleLoaded, withKey } from '@onboarding/ui';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useProductDetails } from '@/lib/data/product-details';
import { useTitleProduct } from '@/lib/document-title';
import { invalidateSetupList } from '@/lib/data/setup-list';
import { useRetailerNames } from '@/lib/data/retailers';
import { REM_OMNI_FLOW, type SetupFlow } from '@/lib/setup-flow';
import { markReTriggered, useFailureBoard } from '../api/failure-board';
import { reTrigger } from '../api/re-trigger';
import { refreshData } from '../api/refresh-data';
import {
  planBulk,
  refreshSkipReason,
  reTriggerSkipReason,
  rowKey,
  type BulkPlan,
} from '../utils/bulk-plan';
import { groupFailures, reTriggerRowOf, type FailedRow } from '../utils/failure-groups';
import { namesFilter } from '../utils/list-params';
import { BulkActionDialog } from './bulk-action-dialog';
import { FlowLoadError } from './error-alert';
import type { Narrowed } from './failure-board-filters';
import { FailureBoardStatus, readProgress } from './failure-board-status';
import { FailureBoardToolbar } from './failure-board-toolbar';
import { FailureStepGroup } from './failure-step-group';

// The list's filters (docs/requirements.md#failure-board-filters): loaded for an address naming one.
const FailureBoardFilterStage = lazy(() =>
  import('./failure-board-filters').then((m) => ({ default: m.FailureBoardFilterStage })),
);
// j/k/x/r/f (docs/requirements.md#keyboard-shortcuts): not needed for the first paint.
const FailureBoardKeys = idleLoaded(() =>
  import('./failure-board-keys').then((m) => m.FailureBoardKeys),
);

/**
 * The board's address without the list's page, search and status (every board row is FAILED)
 * and with one step at most (`?step=` names the group to open); null when it has none of them.
 */
function boardAddress(searchParams: URLSearchParams): string | null {
  const params = new URLSearchParams(searchParams);
  for (const name of ['page', 'search', 'status']) params.delete(name);
  if (params.get('step')?.includes(',')) params.delete('step');
  const text = params.toString().replaceAll('%2C', ',');
  return text === searchParams.toString().replaceAll('%2C', ',') ? null : text;
}

/**
 * The board's filter parameters as the address has them ('' for none): all the list's but status
 * (every row is FAILED) and step (`?step=` opens a group).
 */
function boardFilterKey(searchParams: URLSearchParams): string {
  const params = new URLSearchParams(searchParams);
  params.delete('status');
  params.delete('step');
  return namesFilter(params) ? params.toString() : '';
}

/** A preview open on the board: the bulk action and its plan, fixed when it opened. */
interface Review {
  action: 'Re-trigger' | 'Refresh Data';
  plan: BulkPlan;
}

/**
 * The failure board (/rem_omni/failures, /product/:id/failures): every FAILED retailer row of
 * the flow, from the gateway's fleet snapshot, grouped by failing step and then by the message
 * of the step's status payload, with counts and the newest failure first; rows or whole groups
 * re-triggered in bulk. `?step=<stepName>` opens that step's group.
 */
export function FailureBoardPage({ flow = REM_OMNI_FLOW }: { flow?: SetupFlow }) {
  const queryClient = useQueryClient();
  const { board, failures: unfiltered } = useFailureBoard(flow);
  const retailers = useRetailerNames(flow);
  // The list's filters in the address (a filtered list's Failures link carries them).
  const [searchParams, setSearchParams] = useSearchParams();
  // From the list's Failures link: its address, less what the board does not apply.
  const cleaned = boardAddress(searchParams);
  useEffect(() => {
    if (cleaned !== null) setSearchParams(cleaned, { replace: true });
  }, [cleaned, setSearchParams]);
  const filterKey = boardFilterKey(searchParams);
  const named = filterKey !== '';
  const [narrowed, setNarrowed] = useState<(Narrowed & { key: string }) | null>(null);
  const onNarrowed = useCallback(
    (n: Narrowed) => setNarrowed({ ...n, key: filterKey }),
    [filterKey],
  );
  // What another address's filters gave is not shown for these.
  const current = narrowed?.key === filterKey ? narrowed : null;
  const failures = named ? current?.failures : unfiltered;
  const filterActive = named && !!current?.active;
  const product = useProductDetails(flow.productId);
  useTitleProduct(product.data?.productName);
  const targetStep = searchParams.get('step');
  // The open steps' groups, kept here: a filter changed makes the groups anew.
  const [openSteps, setOpenSteps] = useState<ReadonlySet<string>>(
    () => new Set(targetStep ? [targetStep] : []),
  );
  // A later address naming a step (the failure watch's Open in Failures) opens it too.
  const [namedStep, setNamedStep] = useState(targetStep);
  if (targetStep !== namedStep) {
    setNamedStep(targetStep);
    if (targetStep) setOpenSteps((open) => new Set(open).add(targetStep));
  }
  const setStepOpen = (step: string, open: boolean) =>
    setOpenSteps((current) => withKey(current, step, open));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // The plan as it was confirmed: the board reloads under the dialog once the rows answer,
  // and the rows sent must stay listed with their results.
  const [reviewing, setReviewing] = useState<Review | null>(null);
  const rowsRoot = useRef<HTMLDivElement>(null);

  const groups = useMemo(() => (failures ? groupFailures(failures) : []), [failures]);
  const allRows = useMemo(() => groups.flatMap((g) => g.messages.flatMap((m) => m.rows)), [groups]);
  const chosen = allRows.filter((r) => selected.has(rowKey(r.row))).map((r) => r.row);
  const data = board.data;
  const building = data?.state === 'building';
  const shown = failures !== undefined && !building && data?.state !== 'unavailable';
  const filtering = unfiltered !== undefined && failures === undefined;

  const toggle = (rows: readonly FailedRow[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const r of rows) {
        if (on) next.add(rowKey(r.row));
        else next.delete(rowKey(r.row));
      }
      return next;
    });

  // The snapshot's rows carry what a re-trigger sends; the gateway refuses a row no longer FAILED.
  const review = () =>
    setReviewing({
      action: 'Re-trigger',
      plan: planBulk(chosen.map(reTriggerRowOf), reTriggerSkipReason),
    });
  // f: the refresh preview of the selection (FAILED rows: each skipped, saying why).
  const reviewRefresh = () =>
    setReviewing({
      action: 'Refresh Data',
      plan: planBulk(chosen.map(reTriggerRowOf), refreshSkipReason),
    });

  return (
    <Box>
      <Typography component="h1" variant="h1" sx={{ mb: 1 }}>
        Failures
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {product.data ? `${product.data.productName}: ` : ''}
        every failed retailer row, grouped by the step that failed and the reason it gave.{' '}
        <Link component={RouterLink} to={flow.routes.list()}>
          All setups
        </Link>
      </Typography>

      <FailureBoardToolbar
        counts={
          shown
            ? { rows: allRows.length, setups: new Set(allRows.map((r) => r.row.setupId)).size }
            : null
        }
        progress={
          building
            ? `Reading the fleet: ${readProgress(data)}`
            : data?.state === 'unavailable'
              ? 'No failures to show yet'
              : filtering
                ? 'Applying the filters…'
                : 'Reading the failures…'
        }
        selectedCount={selected.size}
        canReTrigger={chosen.length > 0}
        onClearSelection={() => setSelected(new Set())}
        onReTrigger={review}
        onReload={() => void board.refetch()}
        reloading={board.isFetching}
      />

      {named ? (
        <Suspense fallback={null}>
          <FailureBoardFilterStage
            flow={flow}
            failures={unfiltered}
            takenAt={data?.takenAt ?? null}
            retailerNames={retailers.data}
            onNarrowed={onNarrowed}
          />
        </Suspense>
      ) : null}
      {(board.isPending || building || filtering) && (
        <LinearProgress aria-label="Reading failures" sx={{ mb: 2 }} />
      )}
      {data ? <FailureBoardStatus status={data} answeredAt={board.dataUpdatedAt} /> : null}
      {board.isError ? (
        <FlowLoadError
          flow={flow}
          query={board}
          what="failures"
          remOmni={<Alert severity="error">{MESSAGES.listLoadFailed}</Alert>}
        />
      ) : shown && groups.length === 0 && filterActive ? (
        <Alert severity="info">No failed row matches the filters.</Alert>
      ) : shown && groups.length === 0 ? (
        <Alert severity="success">No failed rows: every setup is running or has completed.</Alert>
      ) : shown && targetStep && !groups.some((g) => g.stepName === targetStep) ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          No row fails at {stepLabel(targetStep)} now.
        </Alert>
      ) : null}

      <FailureBoardKeys
        root={rowsRoot}
        selectedCount={chosen.length}
        onReTrigger={review}
        onRefresh={reviewRefresh}
      />
      <Stack spacing={1.5} ref={rowsRoot}>
        {shown &&
          groups.map((group) => (
            <FailureStepGroup
              key={group.stepName}
              flow={flow}
              group={group}
              target={group.stepName === targetStep}
              open={openSteps.has(group.stepName ?? '')}
              onOpenChange={(open) => setStepOpen(group.stepName ?? '', open)}
              selected={selected}
              onToggle={toggle}
              retailerNames={retailers.data}
            />
          ))}
      </Stack>

      {reviewing && (
        <BulkActionDialog
          open
          action={reviewing.action}
          plan={reviewing.plan}
          send={async (row) => {
            if (reviewing.action === 'Refresh Data') return (await refreshData(flow, row)).message;
            const answer = await reTrigger(flow, row);
            markReTriggered(queryClient, flow, row);
            return answer.message;
          }}
          retailerNames={retailers.data}
          onFinished={() => {
            void invalidateSetupList(queryClient, flow);
          }}
          onClose={() => {
            setReviewing(null);
            setSelected(new Set());
          }}
        />
      )}
    </Box>
  );
}
