import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@onboarding/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useProductDetails } from '@/lib/data/product-details';
import { useTitleProduct } from '@/lib/document-title';
import { invalidateSetupList } from '@/lib/data/setup-list';
import { useRetailerNames } from '@/lib/data/retailers';
import { REM_OMNI_FLOW, type SetupFlow } from '@/lib/setup-flow';
import { useFailureBoard } from '../api/failure-board';
import { reTrigger } from '../api/re-trigger';
import { planBulk, reTriggerSkipReason, rowKey, type BulkPlan } from '../utils/bulk-plan';
import { groupFailures, type FailedRow } from '../utils/failure-groups';
import { BulkActionDialog } from './bulk-action-dialog';
import { FlowLoadError } from './error-alert';
import { FailureBoardToolbar } from './failure-board-toolbar';
import { NO_MESSAGE } from './failure-message-table';
import { FailureStepGroup } from './failure-step-group';

/**
 * The failure board (/rem_omni/failures, /product/:id/failures): every FAILED retailer row of
 * all pages, grouped by failing step and then by the message of the step's status payload,
 * with counts and the newest failure first; rows or whole groups re-triggered in bulk.
 */
export function FailureBoardPage({ flow = REM_OMNI_FLOW }: { flow?: SetupFlow }) {
  const queryClient = useQueryClient();
  const { board, progress } = useFailureBoard(flow);
  const retailers = useRetailerNames(flow);
  const product = useProductDetails(flow.productId);
  useTitleProduct(product.data?.productName);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // The plan as it was confirmed: the board reloads under the dialog once the rows answer,
  // and the rows sent must stay listed with their results.
  const [reviewing, setReviewing] = useState<BulkPlan | null>(null);

  const groups = useMemo(
    () => (board.data ? groupFailures(board.data.failed, board.data.workflows) : []),
    [board.data],
  );
  const allRows = useMemo(() => groups.flatMap((g) => g.messages.flatMap((m) => m.rows)), [groups]);
  const chosen = allRows.filter((r) => selected.has(rowKey(r.row))).map((r) => r.row);
  const plan = useMemo(() => planBulk(chosen, reTriggerSkipReason), [chosen]);

  const toggle = (rows: readonly FailedRow[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const r of rows) {
        if (on) next.add(rowKey(r.row));
        else next.delete(rowKey(r.row));
      }
      return next;
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
          board.data
            ? { rows: allRows.length, setups: new Set(allRows.map((r) => r.row.setupId)).size }
            : null
        }
        progress={progress}
        selectedCount={selected.size}
        canReTrigger={plan.send.length + plan.skipped.length > 0}
        onClearSelection={() => setSelected(new Set())}
        onReTrigger={() => setReviewing(plan)}
        onReload={() => void board.refetch()}
        reloading={board.isFetching}
      />

      {board.isFetching && <LinearProgress aria-label="Reading failures" sx={{ mb: 2 }} />}
      {board.isError ? (
        <FlowLoadError
          flow={flow}
          query={board}
          what="failures"
          remOmni={<Alert severity="error">{MESSAGES.listLoadFailed}</Alert>}
        />
      ) : board.data && groups.length === 0 ? (
        <Alert severity="success">No failed rows: every setup is running or has completed.</Alert>
      ) : null}
      {board.data && board.data.unreadable > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          The workflow of {board.data.unreadable} {board.data.unreadable === 1 ? 'setup' : 'setups'}{' '}
          could not be read: their rows are listed under “{NO_MESSAGE}”.
        </Alert>
      )}

      <Stack spacing={1.5}>
        {groups.map((group) => (
          <FailureStepGroup
            key={group.stepName}
            flow={flow}
            group={group}
            selected={selected}
            onToggle={toggle}
            retailerNames={retailers.data}
          />
        ))}
      </Stack>

      {reviewing && (
        <BulkActionDialog
          open
          action="Re-trigger"
          plan={reviewing}
          send={async (row) => (await reTrigger(flow, row)).message}
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
