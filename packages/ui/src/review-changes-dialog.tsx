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
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useCloseOnBackdropLater, useConfirmOnce } from './confirm-dialog.js';

/** One field whose value an update changes. */
export interface FieldChange {
  label: string;
  before: string;
  after: string;
}

/** Items an update adds to and removes from one named list (e.g. one retailer's nodes). */
export interface ListChange {
  label: string;
  added: readonly string[];
  removed: readonly string[];
}

/**
 * The fields whose shown value differs, in the order of `fields`. Values are compared as the
 * operator reads them (`show`), so `1` and `"1"` or reordered whitespace-free lists are equal.
 */
export function diffFields<T>(
  before: T,
  after: T,
  fields: readonly (readonly [key: keyof T, label: string])[],
  show: (value: unknown, key: keyof T) => string = (value) => defaultShow(value),
): FieldChange[] {
  return fields.flatMap(([key, label]) => {
    const was = show(before[key], key);
    const now = show(after[key], key);
    return was === now ? [] : [{ label, before: was, after: now }];
  });
}

function defaultShow(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length ? value.map(defaultShow).join(', ') : '—';
  return JSON.stringify(value) ?? '—';
}

/** Items of `after` not in `before` and the reverse, each in its list's order. */
export function diffList(
  label: string,
  before: readonly string[],
  after: readonly string[],
): ListChange | null {
  const was = new Set(before);
  const now = new Set(after);
  const added = after.filter((x) => !was.has(x));
  const removed = before.filter((x) => !now.has(x));
  return added.length || removed.length ? { label, added, removed } : null;
}

export interface ReviewChangesDialogProps {
  open: boolean;
  title: string;
  fields: readonly FieldChange[];
  lists?: readonly ListChange[];
  confirmLabel: string;
  /** While the update is sent: the confirm button spins and both buttons wait. */
  busy?: boolean;
  /** Shown above the changes, e.g. that the record changed elsewhere since the form opened. */
  warning?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

const valueSx = {
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  maxHeight: 160,
  overflowY: 'auto',
  fontSize: '0.8125rem',
} as const;

/**
 * What an update will change, before it is sent: fields before and after, and items added and
 * removed per list. Focus starts on Cancel; the operator confirms from here, once per opening.
 */
export function ReviewChangesDialog({
  open,
  title,
  fields,
  lists = [],
  confirmLabel,
  busy = false,
  warning,
  onConfirm,
  onCancel,
}: ReviewChangesDialogProps) {
  const titleId = useId();
  const confirm = useConfirmOnce(open, onConfirm);
  const close = useCloseOnBackdropLater(open, busy ? undefined : onCancel);
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {warning ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {warning}
          </Alert>
        ) : null}
        {fields.length > 0 && (
          <Table size="small" aria-label="Changed fields">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  Field
                </TableCell>
                <TableCell component="th" scope="col">
                  Before
                </TableCell>
                <TableCell component="th" scope="col">
                  After
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {fields.map((f) => (
                <TableRow key={f.label}>
                  <TableCell component="th" scope="row" sx={{ verticalAlign: 'top', width: '22%' }}>
                    {f.label}
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <ValueBox label={`${f.label}, before`} value={f.before} />
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <ValueBox label={`${f.label}, after`} value={f.after} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {lists.map((list) => (
          <Box key={list.label} component="section" aria-label={list.label} sx={{ mt: 2 }}>
            <Typography variant="subtitle2" component="h3">
              {list.label}
            </Typography>
            {list.added.length > 0 && <ItemList title="Added" items={list.added} />}
            {list.removed.length > 0 && <ItemList title="Removed" items={list.removed} />}
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus disabled={busy}>
          Cancel
        </Button>
        <Button
          onClick={confirm}
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A value, whole; one taller than its box scrolls and takes keyboard focus, so it can be read. */
function ValueBox({ label, value }: { label: string; value: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el) setScrolls(el.scrollHeight > el.clientHeight);
  }, [value]);
  return (
    <Box
      ref={ref}
      sx={valueSx}
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
    >
      {value}
    </Box>
  );
}

function ItemList({ title, items }: { title: string; items: readonly string[] }) {
  const id = useId();
  return (
    <Box sx={{ mt: 0.5 }}>
      <Typography id={id} variant="body2" sx={{ fontWeight: 600 }}>
        {title} ({items.length})
      </Typography>
      <Box component="ul" aria-labelledby={id} sx={{ m: 0, pl: 3, fontSize: '0.8125rem' }}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </Box>
    </Box>
  );
}
