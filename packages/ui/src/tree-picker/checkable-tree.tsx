import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { flattenTree, type TreeBranch } from './flatten.js';
import { TreeRow } from './tree-row.js';
import { TreeRoot } from './tree-styles.js';

export interface CheckableTreeProps {
  /** Accessible name of the tree. */
  label: string;
  items: readonly TreeBranch[];
  checkedKeys: ReadonlySet<string>;
  onCheckedChange: (key: string, checked: boolean) => void;
  /** Viewport height in px; the tree scrolls inside it. */
  height?: number;
  /** Every line has this height (long labels are cut with an ellipsis and shown on hover). */
  rowHeight?: number;
  /** Lines rendered above and below the viewport. */
  overscan?: number;
  /** Whether branches start expanded. */
  defaultExpanded?: boolean;
  /** Shown in place of the tree when there are no items. */
  emptyText?: ReactNode;
  /** Labels of the expand and collapse buttons (read by screen readers). */
  expandLabel?: string;
  collapseLabel?: string;
  /** Labels are paths (`a > b > c`): cut from the left, so their last part always shows. */
  labelsArePaths?: boolean;
  'data-testid'?: string;
}

/** The viewport height is fixed, so the virtualizer needs no ResizeObserver to know it. */
function fixedRect(height: number) {
  return (
    instance: Virtualizer<HTMLDivElement, Element>,
    cb: (rect: { width: number; height: number }) => void,
  ) => {
    cb({ width: instance.scrollElement?.clientWidth ?? 0, height });
  };
}

/**
 * A checkable two-level tree that stays fast however many nodes it holds: only the lines in
 * view (plus a few) are in the DOM. Checks are independent (checking a branch does not check
 * its children). Keyboard: arrows move, Right/Left expand and collapse, Space toggles the check,
 * Home/End jump.
 */
export function CheckableTree({
  label,
  items,
  checkedKeys,
  onCheckedChange,
  height = 320,
  rowHeight = 32,
  overscan = 6,
  defaultExpanded = true,
  emptyText = 'Nothing to show',
  expandLabel = 'Expand',
  collapseLabel = 'Collapse',
  labelsArePaths = false,
  'data-testid': testId,
}: CheckableTreeProps) {
  const baseId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [toggled, setToggled] = useState<ReadonlySet<string>>(() => new Set());
  const [activeKey, setActiveKey] = useState<string | null>(null);

  const rows = useMemo(
    () => flattenTree(items, toggled, defaultExpanded),
    [items, toggled, defaultExpanded],
  );
  const indexByKey = useMemo(() => {
    const map = new Map<string, number>();
    rows.forEach((row, index) => map.set(row.key, index));
    return map;
  }, [rows]);
  const activeIndex = activeKey === null ? -1 : (indexByKey.get(activeKey) ?? -1);

  const observeElementRect = useMemo(() => fixedRect(height), [height]);
  // The virtualizer hands back fresh functions each render; React Compiler skips this
  // component, which is what we want (the tree is not passed to memoised children).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    initialRect: { width: 0, height },
    observeElementRect,
    getItemKey: (index) => rows[index]?.key ?? index,
  });

  const toggleExpanded = useCallback((key: string) => {
    setToggled((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);

  const moveTo = (index: number) => {
    const row = rows[index];
    if (!row) return;
    setActiveKey(row.key);
    virtualizer.scrollToIndex(index, { align: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (rows.length === 0) return;
    const current = activeIndex < 0 ? 0 : activeIndex;
    const row = rows[current];
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        moveTo(activeIndex < 0 ? 0 : Math.min(current + 1, rows.length - 1));
        break;
      case 'ArrowUp':
        moveTo(Math.max(current - 1, 0));
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(rows.length - 1);
        break;
      case 'ArrowRight':
        if (row?.hasChildren && !row.expanded) toggleExpanded(row.key);
        else if (row?.hasChildren) moveTo(current + 1);
        break;
      case 'ArrowLeft':
        if (row?.level === 1 && row.expanded) toggleExpanded(row.key);
        else if (row?.level === 2) moveTo(indexByKey.get(row.branchKey) ?? current);
        break;
      case ' ':
      case 'Enter':
        if (row) {
          setActiveKey(row.key);
          onCheckedChange(row.key, !checkedKeys.has(row.key));
        }
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  const rowId = (index: number) => `${baseId}-row-${index}`;

  return (
    <TreeRoot
      ref={scrollRef}
      // An ARIA tree must own tree items; while there are none it is a plain labelled group.
      role={rows.length === 0 ? 'group' : 'tree'}
      aria-label={label}
      aria-multiselectable={rows.length === 0 ? undefined : 'true'}
      aria-activedescendant={activeIndex >= 0 ? rowId(activeIndex) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      style={{ height }}
      data-testid={testId}
    >
      {rows.length === 0 ? (
        <div className="tp-empty" role="none">
          {emptyText}
        </div>
      ) : (
        <div role="none" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <TreeRow
                key={row.key}
                id={rowId(item.index)}
                row={row}
                top={item.start}
                height={rowHeight}
                checked={checkedKeys.has(row.key)}
                active={item.index === activeIndex}
                onActivate={setActiveKey}
                onToggleExpanded={toggleExpanded}
                onCheckedChange={onCheckedChange}
                expandLabel={expandLabel}
                collapseLabel={collapseLabel}
                labelIsPath={labelsArePaths}
              />
            );
          })}
        </div>
      )}
    </TreeRoot>
  );
}
