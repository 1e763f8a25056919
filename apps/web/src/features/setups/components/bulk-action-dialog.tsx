import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { stepLabel, type SetupRow } from '@onboarding/contracts';
import { useCloseOnBackdropLater } from '@onboarding/ui';
import { useId } from 'react';
import { failureMessage } from '@/lib/api-error';
import { BULK_CONCURRENCY, useBulkRun, type BulkRowResult } from '@/lib/bulk-run';
import { rowKey, type BulkPlan } from '../utils/bulk-plan';
import { retailerName, setupKind } from '../utils/group-setups';
import { withStepLabels } from '../utils/step-words';

export interface BulkActionDialogProps {
  open: boolean;
  /** What the action is called: `Re-trigger`, `Refresh Data`. */
  action: string;
  plan: BulkPlan;
  /** Sends one row's request; resolves with the answer's message. */
  send: (row: SetupRow) => Promise<string | null>;
  retailerNames: ReadonlyMap<number, string> | undefined;
  /** Once every row has answered (also after a retry): the lists reload. */
  onFinished: () => void;
  onClose: () => void;
}

function resultText(result: BulkRowResult | undefined, row: SetupRow): string {
  switch (result?.state) {
    case undefined:
      return 'Will be sent';
    case 'queued':
      return 'Waiting';
    case 'running':
      return 'Sending…';
    case 'done':
      return result.message ? `Done: ${withStepLabels(result.message, [row.stepName])}` : 'Done';
    case 'failed':
      return `Failed: ${withStepLabels(result.error, [row.stepName])}`;
  }
}

/**
 * A bulk action: first the preview (the rows to send, and those skipped with why), then on
 * confirm one request per row, at most four at a time, with progress and each row's result.
 * Failed rows can be retried; a row that is done is never sent again.
 */
export function BulkActionDialog({
  open,
  action,
  plan,
  send,
  retailerNames,
  onFinished,
  onClose,
}: BulkActionDialogProps) {
  const titleId = useId();
  const bulk = useBulkRun<SetupRow>({ keyOf: rowKey, task: send, errorText: failureMessage });
  const { progress } = bulk;
  const started = progress.total > 0;
  const failed = plan.send.filter((r) => bulk.results.get(rowKey(r))?.state === 'failed');

  const run = async (rows: readonly SetupRow[]) => {
    await bulk.start(rows);
    onFinished();
  };
  const close = () => {
    if (progress.running) return;
    bulk.reset();
    onClose();
  };
  const closeByBackdropOrEscape = useCloseOnBackdropLater(open, close);

  const name = (row: SetupRow) => `${retailerName(row, retailerNames)} (${setupKind(row)})`;
  const percent = started ? Math.round((progress.finished / progress.total) * 100) : 0;

  return (
    <Dialog
      open={open}
      onClose={closeByBackdropOrEscape}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={titleId}>
        {action}: {plan.send.length} {plan.send.length === 1 ? 'row' : 'rows'}
      </DialogTitle>
      <DialogContent>
        {started ? (
          <Box sx={{ mb: 2 }}>
            <LinearProgress
              variant="determinate"
              value={percent}
              aria-label={`${action} progress`}
            />
            <Typography role="status" variant="body2" sx={{ mt: 1 }}>
              {progress.finished} of {progress.total} answered · {progress.done} done ·{' '}
              {progress.failed} failed
            </Typography>
          </Box>
        ) : (
          <Typography variant="body2" sx={{ mb: 2 }}>
            One request per row, at most {BULK_CONCURRENCY} at a time.
          </Typography>
        )}
        {plan.send.length > 0 && (
          <Table size="small" aria-label={`Rows to ${action.toLowerCase()}`}>
            <TableHead>
              <TableRow>
                <TableCell>Client/Prospect Name</TableCell>
                <TableCell>Retailer</TableCell>
                <TableCell>Step</TableCell>
                <TableCell>Result</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {plan.send.map((row) => {
                const result = bulk.results.get(rowKey(row));
                return (
                  <TableRow key={rowKey(row)}>
                    <TableCell>{row.clientName}</TableCell>
                    <TableCell>{name(row)}</TableCell>
                    <TableCell>{row.stepName ? stepLabel(row.stepName) : '--'}</TableCell>
                    <TableCell
                      sx={{ color: result?.state === 'failed' ? 'error.main' : undefined }}
                    >
                      {result?.state === 'running' && (
                        <CircularProgress size={12} sx={{ mr: 1 }} aria-hidden />
                      )}
                      {resultText(result, row)}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
        {plan.skipped.length > 0 && (
          <Box component="section" aria-labelledby={`${titleId}-skipped`} sx={{ mt: 2 }}>
            <Typography id={`${titleId}-skipped`} variant="subtitle2" component="h3">
              Skipped ({plan.skipped.length})
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 3, fontSize: '0.875rem' }}>
              {plan.skipped.map(({ row, reason }) => (
                <li key={rowKey(row)}>
                  {row.clientName}, {name(row)}: {reason}
                </li>
              ))}
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {!started ? (
          <>
            <Button onClick={close} autoFocus>
              Cancel
            </Button>
            <Button
              variant="contained"
              disabled={plan.send.length === 0}
              onClick={() => void run(plan.send)}
            >
              {action} {plan.send.length}
            </Button>
          </>
        ) : (
          <>
            <Button
              disabled={progress.running || failed.length === 0}
              onClick={() => void run(failed)}
            >
              Retry failed ({failed.length})
            </Button>
            <Button variant="contained" disabled={progress.running} onClick={close}>
              Close
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
