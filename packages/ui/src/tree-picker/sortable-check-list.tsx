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
import DragIndicator from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { VisuallyHidden } from '../visually-hidden.js';

export interface SortableCheckListItem {
  key: string;
  label: string;
  /** A small tag after the label (e.g. the item's kind). */
  tag?: string;
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

const INSTRUCTIONS =
  'To reorder, press Space or Enter to pick the item up, use the arrow keys to move it and Space or Enter to drop it; Escape cancels. Alt with Arrow Up or Arrow Down moves it one place at once.';

/**
 * An ordered list whose items can be ticked and reordered by drag and drop (pointer or
 * keyboard, with screen-reader announcements) or by Alt+Arrow keys on an item's handle.
 */
export function SortableCheckList({
  label,
  items,
  onReorder,
  markedKeys,
  onMarkedChange,
  emptyText = 'Nothing selected',
  handleLabel = 'Reorder {label}',
}: SortableCheckListProps) {
  const [liveText, setLiveText] = useState('');
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterMove = useRef<string | null>(null);
  const keys = useMemo(() => items.map((i) => i.key), [items]);
  const labelOf = useMemo(() => new Map(items.map((i) => [i.key, i.label])), [items]);

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

  const moveBy = (key: string, delta: number) => {
    const from = keys.indexOf(key);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= keys.length) return;
    focusAfterMove.current = key;
    onReorder(arrayMove(keys, from, to));
    setLiveText(`${nameOf(key)} moved to position ${to + 1} of ${keys.length}.`);
  };

  if (items.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
        {emptyText}
      </Typography>
    );
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <SortableContext items={keys} strategy={verticalListSortingStrategy}>
        <Box
          component="ol"
          aria-label={label}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}
        >
          {items.map((item) => (
            <SortableRow
              key={item.key}
              item={item}
              marked={markedKeys.has(item.key)}
              onMarkedChange={onMarkedChange}
              handleLabel={handleLabel.replace('{label}', item.label)}
              registerHandle={(el) => {
                if (el) handles.current.set(item.key, el);
                else handles.current.delete(item.key);
              }}
              onMove={(delta) => moveBy(item.key, delta)}
            />
          ))}
        </Box>
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
  registerHandle: (el: HTMLButtonElement | null) => void;
  onMove: (delta: number) => void;
}

function SortableRow({
  item,
  marked,
  onMarkedChange,
  handleLabel,
  registerHandle,
  onMove,
}: SortableRowProps) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: item.key });

  const onHandleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      event.stopPropagation();
      onMove(event.key === 'ArrowUp' ? -1 : 1);
      return;
    }
    (listeners?.onKeyDown as ((e: KeyboardEvent) => void) | undefined)?.(event);
  };

  return (
    <Box
      component="li"
      ref={setNodeRef}
      data-key={item.key}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        px: 0.5,
        py: 0.25,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: isDragging ? 'action.selected' : 'background.paper',
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
      }}
    >
      <Box
        component="button"
        type="button"
        ref={(el: HTMLButtonElement | null) => {
          setActivatorNodeRef(el);
          registerHandle(el);
        }}
        {...attributes}
        {...listeners}
        onKeyDown={onHandleKeyDown}
        aria-label={handleLabel}
        sx={{
          display: 'inline-flex',
          border: 0,
          p: 0.25,
          bgcolor: 'transparent',
          color: 'text.secondary',
          cursor: isDragging ? 'grabbing' : 'grab',
          borderRadius: 1,
          touchAction: 'none',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
        }}
      >
        <DragIndicator fontSize="small" />
      </Box>
      <Box
        component="label"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flex: 1, minWidth: 0 }}
      >
        <input
          type="checkbox"
          checked={marked}
          onChange={(e) => onMarkedChange(item.key, e.target.checked)}
          style={{ width: 16, height: 16, margin: 0, flex: '0 0 16px' }}
        />
        <Typography
          variant="body2"
          title={item.label}
          sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }}
        >
          {item.label}
        </Typography>
        {item.tag ? <Chip size="small" label={item.tag} variant="outlined" /> : null}
      </Box>
    </Box>
  );
}
