import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { DRAWER_WIDTH_PERCENT } from '@onboarding/contracts';
import { SideSheet } from '@onboarding/ui';
import { useId, type ReactNode } from 'react';
import type { SetupFlow } from '@/lib/setup-flow';
import { retailerName, type SetupGroup } from '../utils/group-setups';
import { RetailerActionRow } from './retailer-action-row';
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
          <RetailerActionRow
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
