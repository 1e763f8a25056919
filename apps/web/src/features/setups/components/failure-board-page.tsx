import ExpandMore from '@mui/icons-material/ExpandMore';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MESSAGES, stepLabel, type SetupRow } from '@onboarding/contracts';
import { StatusChip, VisuallyHidden } from '@onboarding/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '@/lib/format-date';
import { useProductDetails } from '@/lib/data/product-details';
import { invalidateSetupList } from '@/lib/data/setup-list';
import { useRetailerNames } from '@/lib/data/retailers';
import { REM_OMNI_FLOW, type SetupFlow } from '@/lib/setup-flow';
import { useFailureBoard, type BoardProgress } from '../api/failure-board';
import { reTrigger } from '../api/re-trigger';
import { planBulk, reTriggerSkipReason, rowKey, type BulkPlan } from '../utils/bulk-plan';
import { groupFailures, type FailedRow, type StepGroup } from '../utils/failure-groups';
import { retailerName, setupKind } from '../utils/group-setups';
import { BulkActionDialog } from './bulk-action-dialog';
import { FlowLoadError } from './error-alert';

const NO_MESSAGE = 'No failure message';

function progressText(progress: BoardProgress | null): string {
  if (!progress) return 'Reading the setups…';
  if (progress.phase === 'setups') {
    return `Reading the setups: ${progress.setups} of ${progress.total || '…'}`;
  }
  return `Reading the failed setups' workflows: ${progress.read} of ${progress.total}`;
}

/** Whether every, some or none of `rows` are selected. */
function selectionOf(rows: readonly FailedRow[], selected: ReadonlySet<string>) {
  const n = rows.filter((r) => selected.has(rowKey(r.row))).length;
  return { checked: n > 0 && n === rows.length, indeterminate: n > 0 && n < rows.length };
}

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

  const setupCount = new Set(allRows.map((r) => r.row.setupId)).size;

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

      <Paper
        variant="outlined"
        sx={{
          position: 'sticky',
          top: 0,
          zIndex: 2,
          mb: 2,
          p: 1.5,
          display: 'flex',
          gap: 2,
          alignItems: 'center',
          flexWrap: 'wrap',
        }}
      >
        <Typography role="status" sx={{ flexGrow: 1 }}>
          {board.data
            ? `${allRows.length} failed ${allRows.length === 1 ? 'row' : 'rows'} in ${setupCount} ${
                setupCount === 1 ? 'setup' : 'setups'
              } · ${selected.size} selected`
            : progressText(progress)}
        </Typography>
        <Button disabled={selected.size === 0} onClick={() => setSelected(new Set())}>
          Clear selection
        </Button>
        <Button
          variant="contained"
          disabled={plan.send.length + plan.skipped.length === 0}
          onClick={() => setReviewing(plan)}
        >
          Re-trigger
        </Button>
        <Button
          startIcon={<Refresh />}
          onClick={() => void board.refetch()}
          disabled={board.isFetching}
        >
          Reload
        </Button>
      </Paper>

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
          <StepSection
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

function StepSection({
  flow,
  group,
  selected,
  onToggle,
  retailerNames,
}: {
  flow: SetupFlow;
  group: StepGroup;
  selected: ReadonlySet<string>;
  onToggle: (rows: readonly FailedRow[], on: boolean) => void;
  retailerNames: ReadonlyMap<number, string> | undefined;
}) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const panelId = useId();
  const rows = group.messages.flatMap((m) => m.rows);
  const label = group.stepName ? stepLabel(group.stepName) : 'No step';
  const state = selectionOf(rows, selected);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId}>
      <Stack direction="row" sx={{ alignItems: 'center', px: 1, py: 0.5, gap: 1 }}>
        <Checkbox
          {...state}
          onChange={(e) => onToggle(rows, e.target.checked)}
          slotProps={{ input: { 'aria-label': `Select all ${group.count} rows of ${label}` } }}
        />
        <Typography id={headingId} component="h2" variant="h6" sx={{ flexGrow: 1 }}>
          <Button
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={panelId}
            endIcon={
              <ExpandMore
                sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: '0.2s' }}
              />
            }
            sx={{ typography: 'h6', textTransform: 'none', color: 'text.primary' }}
          >
            {label}
          </Button>
        </Typography>
        <StatusChip label={`${group.count} failed`} tone="red" />
        <Typography variant="body2" color="text.secondary" sx={{ minWidth: 170 }}>
          Newest: {formatDateTime(group.newest)}
        </Typography>
      </Stack>
      <Collapse in={open} id={panelId} unmountOnExit>
        <Box sx={{ px: 2, pb: 2 }}>
          {group.messages.map((m) => (
            <MessageGroupTable
              key={m.message ?? ''}
              flow={flow}
              message={m.message}
              rows={m.rows}
              selected={selected}
              onToggle={onToggle}
              retailerNames={retailerNames}
            />
          ))}
        </Box>
      </Collapse>
    </Paper>
  );
}

function MessageGroupTable({
  flow,
  message,
  rows,
  selected,
  onToggle,
  retailerNames,
}: {
  flow: SetupFlow;
  message: string | null;
  rows: readonly FailedRow[];
  selected: ReadonlySet<string>;
  onToggle: (rows: readonly FailedRow[], on: boolean) => void;
  retailerNames: ReadonlyMap<number, string> | undefined;
}) {
  const headingId = useId();
  const text = message ?? NO_MESSAGE;
  const state = selectionOf(rows, selected);
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 1.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Checkbox
          size="small"
          {...state}
          onChange={(e) => onToggle(rows, e.target.checked)}
          slotProps={{
            input: { 'aria-label': `Select the ${rows.length} rows failing with: ${text}` },
          }}
        />
        <Typography
          id={headingId}
          component="h3"
          variant="subtitle2"
          sx={{ overflowWrap: 'anywhere', fontStyle: message ? 'normal' : 'italic' }}
        >
          {text} ({rows.length})
        </Typography>
      </Stack>
      <Table size="small" aria-labelledby={headingId}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <VisuallyHidden>Select</VisuallyHidden>
            </TableCell>
            <TableCell>Client/Prospect Name</TableCell>
            <TableCell>Retailer</TableCell>
            <TableCell>Failed at</TableCell>
            <TableCell>Setup</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ row, failedAt }) => (
            <FailedRowLine
              key={rowKey(row)}
              flow={flow}
              row={row}
              failedAt={failedAt}
              checked={selected.has(rowKey(row))}
              onToggle={(on) => onToggle([{ row, failedAt, message }], on)}
              retailer={`${retailerName(row, retailerNames)} (${setupKind(row)})`}
            />
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function FailedRowLine({
  flow,
  row,
  failedAt,
  checked,
  onToggle,
  retailer,
}: {
  flow: SetupFlow;
  row: SetupRow;
  failedAt: string | null;
  checked: boolean;
  onToggle: (on: boolean) => void;
  retailer: string;
}) {
  return (
    <TableRow selected={checked}>
      <TableCell padding="checkbox">
        <Checkbox
          size="small"
          checked={checked}
          onChange={(e) => onToggle(e.target.checked)}
          slotProps={{ input: { 'aria-label': `Select ${row.clientName}, ${retailer}` } }}
        />
      </TableCell>
      <TableCell>
        <Link component={RouterLink} to={flow.routes.details(row.setupId)}>
          {row.clientName}
        </Link>
      </TableCell>
      <TableCell>{retailer}</TableCell>
      <TableCell>{formatDateTime(failedAt)}</TableCell>
      <TableCell>{row.setupId}</TableCell>
    </TableRow>
  );
}
