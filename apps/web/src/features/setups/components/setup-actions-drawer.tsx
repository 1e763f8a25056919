import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import {
  DRAWER_WIDTH_PERCENT,
  MESSAGES,
  NON_RETRIGGERABLE_STEP,
  stepLabel,
  type SetupRow,
} from '@onboarding/contracts';
import { ConfirmDialog, SideSheet, StatusChip } from '@onboarding/ui';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { failureMessage } from '@/lib/api-error';
import { useNotify } from '@/lib/notify';
import type { SetupFlow } from '@/lib/setup-flow';
import { useRefreshData } from '../api/refresh-data';
import { useReTrigger } from '../api/re-trigger';
import { isCompleted, isFailed, retailerName, type SetupGroup } from '../utils/group-setups';
import { setupStatusLook } from '../utils/status';
import { UpdatedAgo } from './updated-ago';

interface Props {
  /** rem_omni: drawer; product: dialog, productId in calls (docs/requirements.md#setup-actions). */
  flow: SetupFlow;
  /** The setup whose rows are shown (kept fresh by the list's query); null when closed. */
  group: SetupGroup | null;
  open: boolean;
  onClose: () => void;
  /** After a refresh the list reloads and the drawer closes. */
  onRefreshed: () => void;
  retailerNames: ReadonlyMap<number, string> | undefined;
  updatedAt: number;
  live: boolean;
  returnFocusTo: HTMLElement | null;
}

/** Actions/More details: per retailer, its step and status, and Refresh Data or Re-trigger. */
export function SetupActionsDrawer({
  flow,
  group,
  open,
  onClose,
  onRefreshed,
  retailerNames,
  updatedAt,
  live,
  returnFocusTo,
}: Props) {
  const table = group ? (
    <Table aria-label={`Actions for ${group.clientName}`}>
      <TableHead>
        <TableRow>
          <TableCell>Retailer</TableCell>
          <TableCell>Is MarketShare Enabled</TableCell>
          <TableCell>Step</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Action</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {group.rows.map((row) => (
          <ActionRow
            key={row.retailerId}
            flow={flow}
            row={row}
            retailer={retailerName(row, retailerNames)}
            onRefreshed={onRefreshed}
          />
        ))}
      </TableBody>
    </Table>
  ) : null;
  const headerExtra = <UpdatedAgo updatedAt={updatedAt} live={live} />;
  if (flow.actionsIn === 'dialog') {
    return (
      <ActionsDialog
        open={open}
        title={group?.clientName ?? ''}
        onClose={onClose}
        returnFocusTo={returnFocusTo}
        headerExtra={headerExtra}
      >
        {table}
      </ActionsDialog>
    );
  }
  return (
    <SideSheet
      open={open}
      title={group?.clientName ?? ''}
      onClose={onClose}
      widthPercent={DRAWER_WIDTH_PERCENT}
      returnFocusTo={returnFocusTo}
      headerExtra={headerExtra}
    >
      {table}
    </SideSheet>
  );
}

/** The per-product list's container of the same actions table: a centred dialog. */
function ActionsDialog({
  open,
  title,
  onClose,
  returnFocusTo,
  headerExtra,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  returnFocusTo: HTMLElement | null;
  headerExtra: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="lg"
      fullWidth
      disableRestoreFocus={returnFocusTo != null}
      slotProps={{ transition: { onExited: () => returnFocusTo?.focus() } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1, fontSize: '0.875rem' }}>
          {headerExtra}
        </Box>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

type Action = 'refresh' | 'retrigger';

/** Which action a row offers, or why it offers none. */
function rowAction(row: SetupRow): { action: Action } | { reason: string } {
  if (isCompleted(row)) return { action: 'refresh' };
  if (isFailed(row)) {
    return row.stepName === NON_RETRIGGERABLE_STEP
      ? { reason: `The step ${stepLabel(row.stepName)} cannot be re-triggered` }
      : { action: 'retrigger' };
  }
  return { reason: 'Available once the workflow has completed or failed' };
}

function ActionRow({
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
  const kind = 'action' in offer ? offer.action : 'none';
  const step = stepLabel(row.stepName);
  const look = setupStatusLook(row, false);
  const label = kind === 'retrigger' ? 'Re-trigger' : 'Refresh Data';

  // When the row's action changes under the operator's focus (Re-trigger becomes --), the
  // focus moves to what replaced it instead of falling back to the page.
  const cellHasFocus = useRef(false);
  const actionRef = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (cellHasFocus.current && !actionRef.current?.contains(document.activeElement)) {
      actionRef.current?.focus();
    }
  }, [kind]);

  const run = () => {
    setConfirming(false);
    if (busy || kind === 'none') return;
    // rem_omni says Oops..; per product, the message (docs/requirements.md#setup-actions-errors).
    const onError = (error: unknown) =>
      notify(flow.tellsServerErrors ? failureMessage(error) : MESSAGES.actionFailed, {
        severity: 'error',
      });
    if (kind === 'retrigger') {
      reTrigger.mutate(row, {
        onSuccess: (answer) => notify(answer.message, { severity: 'success' }),
        onError,
      });
    } else {
      refresh.mutate(row, {
        onSuccess: (answer) => {
          notify(answer.message, { severity: 'success' });
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
        {kind === 'none' ? (
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
            color={kind === 'retrigger' ? 'error' : 'primary'}
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
        {kind === 'none' ? null : (
          <ConfirmDialog
            open={confirming}
            title={label}
            message={
              kind === 'retrigger'
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
