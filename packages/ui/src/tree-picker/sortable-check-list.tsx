import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { loadOnce, preloadWhenIdle } from '../scheduling.js';

export interface SortableCheckListItem {
  key: string;
  label: string;
  /** A small tag after the label (e.g. the item's kind). */
  tag?: string;
  /** The label is a path (`a > b > c`): cut from the left, so its last part always shows. */
  asPath?: boolean;
}

export interface SortableCheckListProps {
  /** Accessible name of the list. */
  label: string;
  items: readonly SortableCheckListItem[];
  /** Called with every key in the new order after a drag or a keyboard move. */
  onReorder: (keys: string[]) => void;
  /** Items ticked for a bulk action (e.g. removal). */
  markedKeys: ReadonlySet<string>;
  onMarkedChange: (key: string, marked: boolean) => void;
  emptyText?: ReactNode;
  /** `{label}` is replaced by the item's label. */
  handleLabel?: string;
}

// dnd-kit and the rows load when the list first has items, or when the main thread is idle
// after an empty list appeared: a form opens with nothing chosen, and the sortable list's code
// (dnd-kit: 13 KB of brotli) is not on its first screen.
const loadDnd = loadOnce(() => import('./sortable-check-list-dnd.js'));
const SortableCheckListDnd = lazy(loadDnd);

const preloadDnd = preloadWhenIdle(loadDnd, 2000);

/**
 * Fetches the sortable list's code now: for a screen that will show items once its data has
 * arrived (an edit form), so that the code and the data travel together.
 */
export function preloadSortableCheckList(): void {
  void loadDnd().catch(() => undefined); // Tried again when the list renders.
}

/**
 * An ordered list whose items can be ticked and reordered by drag and drop (pointer or
 * keyboard, with screen-reader announcements) or by Alt+Arrow keys on an item's handle.
 */
export function SortableCheckList({
  emptyText = 'Nothing selected',
  ...props
}: SortableCheckListProps) {
  const empty = props.items.length === 0;
  useEffect(() => {
    if (empty) preloadDnd();
  }, [empty]);
  if (empty) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
        {emptyText}
      </Typography>
    );
  }
  return (
    <Suspense fallback={null}>
      <SortableCheckListDnd {...props} />
    </Suspense>
  );
}
