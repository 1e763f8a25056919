import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { MESSAGES, stepLabel, type SetupRow } from '@onboarding/contracts';
import { ConfirmDialog, StatusChip } from '@onboarding/ui';
import { useEffect, useRef, useState } from 'react';
import { failureMessage } from '@/lib/api-error';
import { useNotify } from '@/lib/notify';
import type { SetupFlow } from '@/lib/setup-flow';
import { useRefreshData } from '../api/refresh-data';
import { useReTrigger } from '../api/re-trigger';
import { reTriggerSkipReason } from '../utils/bulk-plan';
import { isCompleted, isFailed } from '../utils/group-setups';
import { setupStatusLook } from '../utils/status';
import { withStepLabels } from '../utils/step-words';

type Action = 'refresh' | 'retrigger';

/** Which action a row offers, or why it offers none. */
function rowAction(row: SetupRow): { action: Action } | { reason: string } {
  if (isCompleted(row)) return { action: 'refresh' };
  if (isFailed(row)) {
    const reason = reTriggerSkipReason(row);
    return reason === null ? { action: 'retrigger' } : { reason };
  }
  return { reason: 'Available once the workflow has completed or failed' };
}

/**
 * One retailer row of the setup actions table: its step and status, and Refresh Data or
 * Re-trigger (confirmed first), or -- with the reason it offers neither.
 */
export function RetailerActionRow({
  flow,
  row,
  retailer,
  onRefreshed,
}: {
  flow: SetupFlow;
  row: SetupRow;
  retailer: string;
  onRefreshed: () => void;
}) {
  const notify = useNotify();
  const reTrigger = useReTrigger(flow);
  const refresh = useRefreshData(flow);
  const [confirming, setConfirming] = useState(false);
  const busy = reTrigger.isPending || refresh.isPending;
  const offer = rowAction(row);
  const action = 'action' in offer ? offer.action : 'none';
  const step = stepLabel(row.stepName);
  const look = setupStatusLook(row, false);
  const label = action === 'retrigger' ? 'Re-trigger' : 'Refresh Data';

  // When the row's action changes under the operator's focus (Re-trigger becomes --), the
  // focus moves to what replaced it instead of falling back to the page.
  const cellHasFocus = useRef(false);
  const actionRef = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (cellHasFocus.current && !actionRef.current?.contains(document.activeElement)) {
      actionRef.current?.focus();
    }
  }, [action]);

  const run = () => {
    setConfirming(false);
    if (busy || action === 'none') return;
    // The server's text, with the step keys it names in the operator's words.
    const told = (message: string) => withStepLabels(message, [row.stepName]);
    // rem_omni says Oops..; per product, the message (docs/requirements.md#setup-actions-errors).
    const onError = (error: unknown) =>
      notify(flow.tellsServerErrors ? told(failureMessage(error)) : MESSAGES.actionFailed, {
        severity: 'error',
      });
    if (action === 'retrigger') {
      reTrigger.mutate(row, {
        onSuccess: (answer) => notify(told(answer.message), { severity: 'success' }),
        onError,
      });
    } else {
      refresh.mutate(row, {
        onSuccess: (answer) => {
          notify(told(answer.message), { severity: 'success' });
          onRefreshed();
        },
        onError,
      });
    }
  };

  return (
    <TableRow>
      <TableCell>{retailer}</TableCell>
      <TableCell>{row.ismarketshareEnabled ? 'Yes' : 'No'}</TableCell>
      <TableCell>{step || '--'}</TableCell>
      <TableCell>
        <StatusChip label={look.label} tone={look.tone} icon={look.icon} />
      </TableCell>
      <TableCell
        onFocus={() => {
          cellHasFocus.current = true;
        }}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget)) {
            cellHasFocus.current = false;
          }
        }}
      >
        {action === 'none' ? (
          <Tooltip title={'reason' in offer ? offer.reason : ''} describeChild>
            <Box component="span" ref={actionRef} tabIndex={0} sx={{ px: 1, cursor: 'help' }}>
              --
            </Box>
          </Tooltip>
        ) : (
          <Button
            ref={(el: HTMLButtonElement | null) => {
              actionRef.current = el;
            }}
            variant="outlined"
            size="small"
            color={action === 'retrigger' ? 'error' : 'primary'}
            aria-label={`${label} ${retailer}`}
            aria-disabled={busy || undefined}
            aria-busy={busy || undefined}
            onClick={() => {
              // One request at a time per row: clicks while one runs are ignored.
              if (!busy) setConfirming(true);
            }}
            sx={{ minWidth: 120 }}
          >
            {busy ? <CircularProgress size={20} aria-label={`${label} in progress`} /> : label}
          </Button>
        )}
        {action === 'none' ? null : (
          <ConfirmDialog
            open={confirming}
            title={label}
            message={
              action === 'retrigger'
                ? `Re-trigger the step ${step} for ${retailer}?`
                : `Refresh the data for ${retailer}? Its workflow runs again (last step: ${step}).`
            }
            confirmLabel={label}
            onConfirm={run}
            onCancel={() => setConfirming(false)}
          />
        )}
      </TableCell>
    </TableRow>
  );
}
