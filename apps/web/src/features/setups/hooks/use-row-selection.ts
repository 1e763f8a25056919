import type { SetupRow } from '@onboarding/contracts';
import { useCallback, useMemo, useState } from 'react';
import { rowKey } from '../utils/group-setups';

const NONE: ReadonlySet<string> = new Set();

interface Selection {
  scope: string;
  keys: ReadonlySet<string>;
}

/**
 * The retailer rows ticked on the page the list shows. The selection belongs to `scope` (page
 * and search): another page or search starts with none, so nothing off screen is ever sent
 * (docs/requirements.md#setups-list-bulk-refresh).
 */
export function useRowSelection(scope: string, rows: readonly SetupRow[]) {
  const [selection, setSelection] = useState<Selection>({ scope, keys: NONE });
  // Another page or search forgets the ticks for good: coming back shows none.
  if (selection.scope !== scope) setSelection({ scope, keys: NONE });
  const selected = selection.scope === scope ? selection.keys : NONE;
  const chosen = useMemo(() => rows.filter((r) => selected.has(rowKey(r))), [rows, selected]);

  const toggle = useCallback(
    (target: readonly SetupRow[], on: boolean) =>
      setSelection((current) => {
        const keys = new Set(current.scope === scope ? current.keys : NONE);
        for (const row of target) {
          if (on) keys.add(rowKey(row));
          else keys.delete(rowKey(row));
        }
        return { scope, keys };
      }),
    [scope],
  );
  const clear = useCallback(() => setSelection({ scope, keys: NONE }), [scope]);
  return { selected, chosen, toggle, clear };
}
