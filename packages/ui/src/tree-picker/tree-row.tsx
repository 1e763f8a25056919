import { PathText } from '../path-text.js';
import type { TreeRow as TreeRowData } from './flatten.js';

export interface TreeRowProps {
  id: string;
  row: TreeRowData;
  top: number;
  height: number;
  checked: boolean;
  active: boolean;
  onActivate: (key: string) => void;
  onToggleExpanded: (key: string) => void;
  onCheckedChange: (key: string, checked: boolean) => void;
  expandLabel: string;
  collapseLabel: string;
  labelIsPath?: boolean;
}

const chevron = <path d="M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z" />;

/** One line of the tree: its expand button (branches), its check box and its label. */
export function TreeRow({
  id,
  row,
  top,
  height,
  checked,
  active,
  onActivate,
  onToggleExpanded,
  onCheckedChange,
  expandLabel,
  collapseLabel,
  labelIsPath = false,
}: TreeRowProps) {
  return (
    <div
      id={id}
      className="tp-row"
      role="treeitem"
      aria-level={row.level}
      aria-posinset={row.posInSet}
      aria-setsize={row.setSize}
      aria-expanded={row.hasChildren ? row.expanded : undefined}
      aria-checked={checked}
      data-active={active ? '' : undefined}
      data-key={row.key}
      style={{ height, transform: `translateY(${top}px)` }}
      onMouseDown={() => onActivate(row.key)}
    >
      {row.level === 1 ? (
        row.hasChildren ? (
          <button
            type="button"
            className="tp-toggle"
            tabIndex={-1}
            aria-expanded={row.expanded}
            aria-label={`${row.expanded ? collapseLabel : expandLabel} ${row.label}`}
            onClick={() => onToggleExpanded(row.key)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              {chevron}
            </svg>
          </button>
        ) : (
          <span className="tp-spacer" />
        )
      ) : null}
      <label className="tp-label">
        <input
          type="checkbox"
          tabIndex={-1}
          checked={checked}
          onChange={(e) => onCheckedChange(row.key, e.target.checked)}
        />
        {labelIsPath ? (
          <span className="tp-text">
            <PathText path={row.label} />
          </span>
        ) : (
          <span className="tp-text" title={row.label}>
            {row.label}
          </span>
        )}
      </label>
    </div>
  );
}
