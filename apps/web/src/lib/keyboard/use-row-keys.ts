import { useEffect, useRef } from 'react';
import { announce, prepareAnnouncer } from './announce';
import { usePageKeys } from './page-keys';

export interface RowKeysOptions {
  /** The rows shown, in order: j and k move over these (a roving tab stop). */
  rows: () => HTMLElement[];
  /** A row for screen readers: `Walmart (ML) · client 5 · failed 20 Nov, 14:00`. */
  describe: (index: number, row: HTMLElement) => string;
  /** x: selects the row, or unselects it, in the screen's own selection. */
  toggle: (index: number, row: HTMLElement) => void;
  /** How many rows the selection holds: announced once it changes after an x. */
  selectedCount: number;
  /** r and f: the re-trigger and Refresh Data previews of the selection. */
  onReTrigger?: (() => void) | undefined;
  onRefresh?: (() => void) | undefined;
  enabled?: boolean;
}

const NONE_SELECTED = 'Nothing selected: press x to select the focused row.';

/** The focused row's outline, in the text's colour: this code, not the screens', carries it. */
const FOCUS_STYLE = '[data-row-focus]:focus-visible{outline:2px solid;outline-offset:-2px}';

function addFocusStyle(): void {
  if (document.getElementById('row-focus-style')) return;
  const style = document.createElement('style');
  style.id = 'row-focus-style';
  style.textContent = FOCUS_STYLE;
  document.head.append(style);
}

/**
 * j/k move a visible row focus over the screen's rows, x selects the focused row, r and f open the
 * selection's previews; each says what it did in the live region (docs/requirements.md#keyboard-shortcuts).
 * The focused row is the one tab stop among them (roving tabindex), so Tab leaves the table and
 * Shift+Tab comes back to it.
 */
export function useRowKeys(options: RowKeysOptions): void {
  const { selectedCount, enabled = true } = options;
  const current = useRef<HTMLElement | null>(null);
  const latest = useRef(options);
  const selecting = useRef(false);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => {
    if (!enabled) return;
    prepareAnnouncer();
    addFocusStyle();
  }, [enabled]);
  // The count after an x, once the screen has taken it in.
  useEffect(() => {
    if (!selecting.current) return;
    selecting.current = false;
    announce(`${selectedCount} selected`);
  }, [selectedCount]);

  /** The focused row: where focus is, else the one moved to last while it is still shown. */
  const focused = (rows: HTMLElement[]) => {
    const active = document.activeElement;
    const at = rows.findIndex((row) => row === active || row.contains(active));
    return at >= 0 ? at : current.current ? rows.indexOf(current.current) : -1;
  };

  const move = (step: 1 | -1) => {
    const rows = latest.current.rows();
    if (rows.length === 0) return announce('No rows shown.');
    const from = focused(rows);
    const to = from < 0 ? 0 : Math.min(rows.length - 1, Math.max(0, from + step));
    const row = rows[to]!;
    if (current.current && current.current !== row) {
      current.current.removeAttribute('tabindex');
      current.current.removeAttribute('data-row-focus');
    }
    current.current = row;
    row.tabIndex = 0;
    row.setAttribute('data-row-focus', '');
    row.focus();
    row.scrollIntoView?.({ block: 'nearest' });
    announce(`Row ${to + 1} of ${rows.length}, ${latest.current.describe(to, row)}`);
  };

  const select = () => {
    const rows = latest.current.rows();
    const at = focused(rows);
    if (at < 0) return announce('No row focused: press j to move to the first row.');
    selecting.current = true;
    latest.current.toggle(at, rows[at]!);
  };

  const preview = (open: (() => void) | undefined) =>
    open && (() => (latest.current.selectedCount === 0 ? announce(NONE_SELECTED) : open()));

  usePageKeys(
    {
      j: () => move(1),
      k: () => move(-1),
      x: select,
      r: preview(options.onReTrigger),
      f: preview(options.onRefresh),
    },
    enabled,
  );
}
