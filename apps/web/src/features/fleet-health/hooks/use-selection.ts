import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readPanelPage, readSelection, selectionSearch, type Selection } from '../utils/selection';

/**
 * The Matching setups panel's selection and page, kept in the address (a new history entry each:
 * Back returns to the previous one). Choosing moves focus to the panel's heading, which
 * `headingRef` names, so a keyboard user lands on the setups they asked for.
 */
export function useSelection() {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  const selection = useMemo(() => readSelection(new URLSearchParams(key)), [key]);
  const page = readPanelPage(new URLSearchParams(key));
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Set on a choice; the address changes (and the panel shows) a navigation later.
  const focusPending = useRef(false);
  // The address a choice is navigating to, until it is there.
  const target = useRef<string | null>(null);

  useEffect(() => {
    target.current = null;
    if (focusPending.current && headingRef.current) {
      focusPending.current = false;
      headingRef.current.focus();
    }
  }, [key]);

  const select = useCallback(
    (next: Selection) => {
      const search = new URLSearchParams(selectionSearch(next)).toString();
      // Shown or on its way already (a double-click's second click): no second history entry.
      if (search === key || search === target.current) {
        headingRef.current?.focus();
        return;
      }
      target.current = search;
      focusPending.current = true;
      setSearch(search);
    },
    [key, setSearch],
  );
  const setPage = useCallback(
    (next: number) => {
      if (!selection) return;
      setSearch({ ...selectionSearch(selection), ...(next > 1 ? { page: String(next) } : {}) });
    },
    [selection, setSearch],
  );
  const close = useCallback(() => setSearch({}), [setSearch]);

  return { selection, page, select, setPage, close, headingRef };
}
