import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { memo, useCallback, useState, type ReactElement, type ReactNode } from 'react';
import { transitionAfterPaint } from './scheduling.js';
import { withKey } from './sets.js';
import { VisuallyHidden } from './visually-hidden.js';

export interface DataTableColumn<T> {
  id: string;
  header: ReactNode;
  render: (row: T, index: number) => ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
}

export interface DataTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  /** Names a row for the expander button ("Show details of …"). */
  getRowLabel?: (row: T) => string;
  /** When given, each row gets a leading expander that shows this content under it. */
  renderExpanded?: (row: T) => ReactNode;
  loading?: boolean;
  loadingLabel?: string;
  /** Shown in place of the rows when there are none (and not loading). */
  emptyText?: ReactNode;
  size?: 'small' | 'medium';
  /**
   * The narrowest the table gets before its box scrolls sideways (px): on a phone its columns
   * keep readable widths instead of a word per line. The page itself never scrolls sideways.
   */
  minWidth?: number;
  /**
   * Keeps the last column (a row's actions) pinned to the right edge of the box while the table
   * scrolls sideways, so a row's only way to its actions never scrolls out of sight.
   */
  stickyLastColumn?: boolean;
}

/** The pinned last column: opaque, above the cells scrolling under it, with a dividing edge. */
const STICKY_CELL = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: (theme: { palette: { divider: string } }) => `inset 1px 0 0 ${theme.palette.divider}`,
} as const;

interface DataTableCellsProps<T> {
  row: T;
  index: number;
  columns: readonly DataTableColumn<T>[];
  stickyLastColumn: boolean;
}

/** A row's cells: opening or closing the row leaves them as they are. */
const DataTableCells = memo(function DataTableCells<T>({
  row,
  index,
  columns,
  stickyLastColumn,
}: DataTableCellsProps<T>) {
  return columns.map((col, c) => (
    <TableCell
      key={col.id}
      align={col.align}
      sx={stickyLastColumn && c === columns.length - 1 ? STICKY_CELL : undefined}
    >
      {col.render(row, index)}
    </TableCell>
  ));
  // memo() drops the type parameter.
}) as <T>(props: DataTableCellsProps<T>) => ReactElement;

interface DataTableRowProps<T> {
  row: T;
  index: number;
  id: string;
  /** The row's name for its expander ("Show details of …"). */
  name: string;
  columns: readonly DataTableColumn<T>[];
  isOpen: boolean;
  /** Its details may render: true a frame after `isOpen` turned true (see `toggle`). */
  isShown: boolean;
  onToggle: (id: string, open: boolean) => void;
  renderExpanded: ((row: T) => ReactNode) | undefined;
  stickyLastColumn: boolean;
}

/**
 * One row and, when open, its details under it. Memoised: opening a row renders that row only,
 * not the page of rows around it (about 100 ms on a 4× slower CPU for 20 rows of setups).
 */
const DataTableRow = memo(function DataTableRow<T>({
  row,
  index,
  id,
  name,
  columns,
  isOpen,
  isShown,
  onToggle,
  renderExpanded,
  stickyLastColumn,
}: DataTableRowProps<T>) {
  const span = columns.length + (renderExpanded ? 1 : 0);
  return (
    <>
      <TableRow hover data-open={(isOpen && isShown) || undefined}>
        {renderExpanded ? (
          <TableCell>
            <IconButton
              size="small"
              // The arrow turning is the press's feedback (see ActionsMenu on the ripple's cost).
              disableTouchRipple
              aria-expanded={isOpen}
              aria-label={`${isOpen ? 'Hide' : 'Show'} details of ${name}`}
              onClick={() => onToggle(id, !isOpen)}
            >
              {isOpen ? <KeyboardArrowDown /> : <KeyboardArrowRight />}
            </IconButton>
          </TableCell>
        ) : null}
        <DataTableCells
          row={row}
          index={index}
          columns={columns}
          stickyLastColumn={stickyLastColumn}
        />
      </TableRow>
      {renderExpanded && isOpen && isShown ? (
        <TableRow>
          <TableCell colSpan={span} data-details>
            {renderExpanded(row)}
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
  // memo() drops the type parameter.
}) as <T>(props: DataTableRowProps<T>) => ReactElement;

/**
 * An open row and its details, styled from the table's own class: a class of their own would be
 * added to the page at the first opening, restyling every element on it within that click.
 */
const OPEN_ROWS = {
  '& tr[data-open] > td': { borderBottom: 'none' },
  '& td[data-details]': { bgcolor: 'action.hover' },
} as const;

/** A table with an optional expander column, loading and empty states. */
export function DataTable<T>({
  label,
  columns,
  rows,
  getRowId,
  getRowLabel,
  renderExpanded,
  loading = false,
  loadingLabel = 'Loading',
  emptyText = 'No records found',
  size = 'medium',
  minWidth = 640,
  stickyLastColumn = false,
}: DataTableProps<T>) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  // The open rows whose details have had their frame (see `toggle`).
  const [shown, setShown] = useState<ReadonlySet<string>>(expanded);
  const expandable = renderExpanded !== undefined;
  const span = columns.length + (expandable ? 1 : 0);
  const stickyAt = (index: number) => stickyLastColumn && index === columns.length - 1;

  const toggle = useCallback((id: string, open: boolean) => {
    setExpanded((prev) => withKey(prev, id, open));
    // An opening row's arrow turns in the click's frame and its details (their queries, a
    // layout of the table) mount in the next: about 17 ms of script on a 4× slower CPU off the
    // press. Closing hides them at once.
    if (open) transitionAfterPaint(() => setShown((prev) => withKey(prev, id, true)));
    else setShown((prev) => withKey(prev, id, false));
  }, []);

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={label} aria-busy={loading} size={size} sx={{ minWidth, ...OPEN_ROWS }}>
        <TableHead>
          <TableRow>
            {expandable ? (
              <TableCell sx={{ width: 48 }}>
                <VisuallyHidden>Expand</VisuallyHidden>
              </TableCell>
            ) : null}
            {columns.map((col, c) => (
              <TableCell
                key={col.id}
                align={col.align}
                sx={{ width: col.width, whiteSpace: 'nowrap', ...(stickyAt(c) && STICKY_CELL) }}
              >
                {col.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {loading && rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={span} align="center" sx={{ py: 4 }}>
                <CircularProgress aria-label={loadingLabel} />
              </TableCell>
            </TableRow>
          ) : null}
          {!loading && rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={span} align="center" sx={{ py: 4 }}>
                {emptyText}
              </TableCell>
            </TableRow>
          ) : null}
          {rows.map((row, index) => {
            const id = getRowId(row);
            return (
              <DataTableRow
                key={id}
                row={row}
                index={index}
                id={id}
                name={getRowLabel?.(row) ?? `row ${index + 1}`}
                columns={columns}
                isOpen={expanded.has(id)}
                isShown={shown.has(id)}
                onToggle={toggle}
                renderExpanded={renderExpanded}
                stickyLastColumn={stickyLastColumn}
              />
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
