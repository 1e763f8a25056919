/**
 * The pinned-view hint, apart from pinned-default.ts: the views row (its own chunk) writes it and
 * the list reads it, and a module both import stays free of the list's other code (a shared
 * import would split the list's modules into more first-load files).
 */
import type { SetupFlow } from '@/lib/setup-flow';

/**
 * Whether this flow had a pinned view when its views were last read in this browser: only then
 * does a bare visit hold the unfiltered rows back until the views answer (a hint; the views
 * themselves are the gateway's, and follow the operator to any browser).
 */
const hintKey = (flow: SetupFlow) => `onboarding.pinnedView.${flow.productId ?? 'rem_omni'}`;

export function rememberPinned(flow: SetupFlow, pinned: boolean): void {
  try {
    if (pinned) localStorage.setItem(hintKey(flow), '1');
    else localStorage.removeItem(hintKey(flow));
  } catch {
    // Storage refused (a private window's quota): the hint is only an optimisation.
  }
}

export function hadPinned(flow: SetupFlow): boolean {
  try {
    return localStorage.getItem(hintKey(flow)) === '1';
  } catch {
    return false;
  }
}
