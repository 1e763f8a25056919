import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import type { ReactNode } from 'react';

/**
 * A chart's table view: a small table named by `label`, scrolling sideways inside its own box
 * when a narrow window cannot fit its columns (the page itself never scrolls sideways).
 */
export function HealthTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        {children}
      </Table>
    </TableContainer>
  );
}
