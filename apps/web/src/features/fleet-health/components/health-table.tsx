import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

interface HealthTableRow {
  key: string | number;
  /** The row's header cell (a step, a week, a retailer). */
  header: ReactNode;
  /** One cell per column after the first. */
  cells: readonly ReactNode[];
}

interface Props {
  label: string;
  /** Column headers, the first naming the rows' header column; each must differ. */
  columns: readonly string[];
  rows: readonly HealthTableRow[];
  /** Counts and durations line up on the right; lists of counts read from the left. */
  align?: 'right' | 'left';
}

/**
 * A chart's table view: a small table named by `label`, scrolling sideways inside its own box
 * when a narrow window cannot fit its columns (the page itself never scrolls sideways).
 */
export function HealthTable({ label, columns, rows, align = 'right' }: Props) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column, i) => (
              <TableCell key={column} component="th" scope="col" align={i ? align : 'left'}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell component="th" scope="row">
                {row.header}
              </TableCell>
              {row.cells.map((cell, i) => (
                <TableCell key={columns[i + 1] ?? i} align={align}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
