import type { RefObject } from 'react';
import { useRowKeys } from '@/lib/keyboard/use-row-keys';

/** The board's rows shown: those of the open step groups, in order. */
const rowsIn = (root: HTMLElement | null) => [
  ...(root?.querySelectorAll<HTMLElement>('tbody > tr') ?? []),
];

/** A board row for screen readers: its client, retailer, step, failure time and setup. */
function describe(row: HTMLTableRowElement): string {
  const [, client, retailer, failedAt, setupId] = [...row.cells].map((c) => c.textContent.trim());
  const step = row.closest('[data-step]')?.getAttribute('data-step');
  return [client, retailer, step, `failed ${failedAt}`, `setup ${setupId}`]
    .filter(Boolean)
    .join(', ');
}

/**
 * The failure board's keys (docs/requirements.md#keyboard-shortcuts): j/k over the rows of the
 * open groups, x ticks the focused row's box (the board's selection), r and f the previews.
 * Loaded when the board is idle.
 */
export function FailureBoardKeys({
  root,
  selectedCount,
  onReTrigger,
  onRefresh,
}: {
  root: RefObject<HTMLElement | null>;
  selectedCount: number;
  onReTrigger: () => void;
  onRefresh: () => void;
}) {
  useRowKeys({
    rows: () => rowsIn(root.current),
    describe: (_i, row) => describe(row as HTMLTableRowElement),
    toggle: (_i, row) => row.querySelector<HTMLInputElement>('input[type="checkbox"]')?.click(),
    selectedCount,
    onReTrigger,
    onRefresh,
  });
  return null;
}
