import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { styled } from '@mui/material/styles';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { VisuallyHidden } from '../visually-hidden.js';
import type { SortableCheckListItem, SortableCheckListProps } from './sortable-check-list.js';
import { PathText } from '../path-text.js';

const INSTRUCTIONS =
  'To reorder, press Space or Enter to pick the item up, use the arrow keys to move it and Space or Enter to drop it; Escape cancels. Alt with Arrow Up or Arrow Down moves it one place at once.';

/*
 * Rows are plain elements styled by class from one styled root: a list of 50 re-renders (as
 * dnd-kit re-renders every sortable row when the list changes) in a few milliseconds.
 */
const List = styled('ol')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: 4,
  '& .scl-item': {
    minWidth: 0,
    display: 'flex',
    alignItems: 'center',
    gap: 4,
    padding: '2px 4px',
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: theme.shape.borderRadius,
    backgroundColor: theme.palette.background.paper,
    position: 'relative',
    fontSize: theme.typography.body2.fontSize,
  },
  '& .scl-item[data-dragging]': {
    backgroundColor: theme.palette.action.selected,
    zIndex: 1,
  },
  '& .scl-handle': {
    display: 'inline-flex',
    border: 0,
    padding: 2,
    background: 'transparent',
    color: theme.palette.text.secondary,
    cursor: 'grab',
    borderRadius: theme.shape.borderRadius,
    touchAction: 'none',
  },
  '& .scl-item[data-dragging] .scl-handle': { cursor: 'grabbing' },
  '& .scl-handle:focus-visible': { outline: `2px solid ${theme.palette.primary.main}` },
  '& .scl-handle svg': { width: 20, height: 20, fill: 'currentColor' },
  '& .scl-label': { display: 'flex', alignItems: 'center', gap: 6, flex: 1, minWidth: 0 },
  '& .scl-label input': { width: 16, height: 16, margin: 0, flex: '0 0 16px' },
  '& .scl-text': {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    minWidth: 0,
  },
  '& .scl-tag': {
    flex: '0 0 auto',
    padding: '0 8px',
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: 12,
    fontSize: theme.typography.caption.fontSize,
    lineHeight: '20px',
    color: theme.palette.text.secondary,
  },
}));

const dragIcon = (
  <svg viewBox="0 0 24 24" aria-hidden="true">
    <path d="M11 18c0 1.1-.9 2-2 2s-2-.9-2-2 .9-2 2-2 2 .9 2 2m-2-8c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0-6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m6 4c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2" />
  </svg>
);

/** `SortableCheckList` with items: dnd-kit and the rows, in a chunk of their own. */
export default function SortableCheckListDnd({
  label,
  items,
  onReorder,
  markedKeys,
  onMarkedChange,
  handleLabel = 'Reorder {label}',
}: SortableCheckListProps) {
  const [liveText, setLiveText] = useState('');
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterMove = useRef<string | null>(null);
  const keys = useMemo(() => items.map((i) => i.key), [items]);
  const labelOf = useMemo(() => new Map(items.map((i) => [i.key, i.label])), [items]);

  // The latest list and callback, for the rows' stable handlers.
  const latest = useRef({ keys, labelOf, onReorder });
  useEffect(() => {
    latest.current = { keys, labelOf, onReorder };
  }, [keys, labelOf, onReorder]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  useEffect(() => {
    const key = focusAfterMove.current;
    if (key === null) return;
    focusAfterMove.current = null;
    handles.current.get(key)?.focus();
  }, [items]);

  const registerHandle = useCallback((key: string, el: HTMLButtonElement | null) => {
    if (el) handles.current.set(key, el);
    else handles.current.delete(key);
  }, []);

  const moveBy = useCallback((key: string, delta: number) => {
    const { keys: current, labelOf: names, onReorder: reorder } = latest.current;
    const from = current.indexOf(key);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= current.length) return;
    focusAfterMove.current = key;
    reorder(arrayMove(current, from, to));
    setLiveText(`${names.get(key) ?? key} moved to position ${to + 1} of ${current.length}.`);
  }, []);

  const position = (key: string) => `${keys.indexOf(key) + 1} of ${keys.length}`;
  const nameOf = (id: string | number) => labelOf.get(String(id)) ?? String(id);

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over position ${position(String(over.id))}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} was dropped at position ${position(String(over.id))}.`
        : `${nameOf(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = keys.indexOf(String(active.id));
    const to = keys.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(keys, from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <SortableContext items={keys} strategy={verticalListSortingStrategy}>
        <List aria-label={label}>
          {items.map((item) => (
            <SortableRow
              key={item.key}
              item={item}
              marked={markedKeys.has(item.key)}
              onMarkedChange={onMarkedChange}
              handleLabel={handleLabel.replace('{label}', item.label)}
              registerHandle={registerHandle}
              onMove={moveBy}
            />
          ))}
        </List>
      </SortableContext>
      <VisuallyHidden>
        <span aria-live="polite">{liveText}</span>
      </VisuallyHidden>
    </DndContext>
  );
}

interface SortableRowProps {
  item: SortableCheckListItem;
  marked: boolean;
  onMarkedChange: (key: string, marked: boolean) => void;
  handleLabel: string;
  registerHandle: (key: string, el: HTMLButtonElement | null) => void;
  onMove: (key: string, delta: number) => void;
}

/** The row's content, shared by the plain and the sortable row. */
function RowBody({
  item,
  marked,
  onMarkedChange,
  handleLabel,
  handleRef,
  handleProps,
  onHandleKeyDown,
}: Pick<SortableRowProps, 'item' | 'marked' | 'onMarkedChange' | 'handleLabel'> & {
  handleRef: (el: HTMLButtonElement | null) => void;
  handleProps?: object;
  onHandleKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
}) {
  return (
    <>
      <button
        type="button"
        className="scl-handle"
        ref={handleRef}
        {...handleProps}
        onKeyDown={onHandleKeyDown}
        aria-label={handleLabel}
      >
        {dragIcon}
      </button>
      <label className="scl-label">
        <input
          type="checkbox"
          checked={marked}
          onChange={(e) => onMarkedChange(item.key, e.target.checked)}
        />
        {item.asPath ? (
          <span className="scl-text">
            <PathText path={item.label} />
          </span>
        ) : (
          <span className="scl-text" title={item.label}>
            {item.label}
          </span>
        )}
        {item.tag ? <span className="scl-tag">{item.tag}</span> : null}
      </label>
    </>
  );
}

/** Alt+Arrow Up / Down on a handle moves its item one place. */
function altArrowMove(event: KeyboardEvent<HTMLButtonElement>, move: (delta: number) => void) {
  if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return false;
  event.preventDefault();
  event.stopPropagation();
  move(event.key === 'ArrowUp' ? -1 : 1);
  return true;
}

const SortableRow = memo(function SortableRow(props: SortableRowProps) {
  const { item, registerHandle, onMove } = props;
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: item.key });
  const { key } = item;

  const handleRef = useCallback(
    (el: HTMLButtonElement | null) => {
      setActivatorNodeRef(el);
      registerHandle(key, el);
    },
    [setActivatorNodeRef, registerHandle, key],
  );

  const onHandleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (altArrowMove(event, (delta) => onMove(key, delta))) return;
    (listeners?.onKeyDown as ((e: KeyboardEvent) => void) | undefined)?.(event);
  };

  return (
    <li
      ref={setNodeRef}
      className="scl-item"
      data-key={key}
      data-dragging={isDragging ? '' : undefined}
      style={
        transform || transition
          ? { transform: CSS.Translate.toString(transform), transition }
          : undefined
      }
    >
      <RowBody
        {...props}
        handleRef={handleRef}
        handleProps={{ ...attributes, ...listeners }}
        onHandleKeyDown={onHandleKeyDown}
      />
    </li>
  );
});
