/**
 * The flow's pinned view on a bare visit of the setups list (issue 33;
 * docs/requirements.md#saved-views). Loaded with the list, so kept small: the views themselves
 * are read by the views row (saved-views.tsx), which loads after the list has asked its data.
 */
import type { FleetFilter } from '@onboarding/contracts';
import { useCallback, useEffect, useState } from 'react';
import type { SetURLSearchParams } from 'react-router-dom';
import type { SetupFlow } from '@/lib/setup-flow';
import { listSearchParams } from '../../utils/list-filter';
import { hadPinned } from './pinned-hint';

const bare = (searchParams: URLSearchParams) => searchParams.toString() === '';

/** The longest the rows wait for the views' answer: then the unfiltered list shows anyway. */
const HOLD_MAX_MS = 3_000;

/**
 * On a bare visit (no filter, search or page in the address) the pinned view's filters replace
 * the address once, when the views row first has the views; any other address (a link with
 * filters, a choice made meanwhile) is left alone. The list's first request is not delayed:
 * allSetup leaves as ever, and its rows are held back (`hold`) only while a default is expected.
 */
export function usePinnedDefault(
  flow: SetupFlow,
  searchParams: URLSearchParams,
  setSearchParams: SetURLSearchParams,
) {
  const [waiting, setWaiting] = useState(() => bare(searchParams));
  const [hold, setHold] = useState(() => waiting && hadPinned(flow));
  useEffect(() => {
    if (!hold) return;
    const timer = setTimeout(() => setHold(false), HOLD_MAX_MS);
    return () => clearTimeout(timer);
  }, [hold]);
  const settle = useCallback(
    (filter: FleetFilter | null) => {
      setWaiting(false);
      setHold(false);
      // Replaces the bare entry: Back leaves the list rather than undoing the default.
      if (filter && bare(searchParams))
        setSearchParams(listSearchParams({ page: 1, search: '', filter }), { replace: true });
    },
    [searchParams, setSearchParams],
  );
  return { hold: hold && bare(searchParams), onDefault: waiting ? settle : undefined };
}
