import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { FleetFailure } from '@onboarding/contracts';
import { VisuallyHidden } from '@onboarding/ui';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '@/lib/format-date';
import type { SetupFlow } from '@/lib/setup-flow';
import { rowKey } from '../utils/bulk-plan';
import { selectionOf, type FailedRow } from '../utils/failure-groups';
import { setupKind } from '../utils/group-setups';

/** The heading of the rows whose failure carries no message (or could not be read). */
const NO_MESSAGE = 'No failure message';

/** One failure message of a step on the failure board: its rows, each ticked on its own. */
export function FailureMessageTable({
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
              retailer={`${
                row.retailerName ??
                retailerNames?.get(row.retailerId) ??
                `Retailer ${row.retailerId}`
              } (${setupKind(row)})`}
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
  row: FleetFailure;
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
