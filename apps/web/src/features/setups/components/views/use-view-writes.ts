import type { FleetFilter, SavedView } from '@onboarding/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { failureMessage, isApiError } from '@/lib/api-error';
import { createView, invalidateViews, removeView, updateView } from '@/lib/data/views';
import { useGuardedMutation } from '@/lib/guarded-mutation';
import type { SetupFlow } from '@/lib/setup-flow';

export type ViewWrite =
  | { kind: 'save'; name: string; filters: FleetFilter; pinned: boolean }
  | { kind: 'rename'; view: SavedView; name: string }
  | { kind: 'pin'; view: SavedView; pinned: boolean }
  | { kind: 'delete'; view: SavedView };

/** One request per view and kind, whichever control sent it and however often. */
const intentOf = (w: ViewWrite) => `${w.kind}:${w.kind === 'save' ? '' : w.view.id}`;

function send(flow: SetupFlow, w: ViewWrite): Promise<unknown> {
  switch (w.kind) {
    case 'save':
      return createView(flow, { name: w.name, filters: w.filters, pinned: w.pinned });
    case 'rename':
      return updateView(w.view.id, { name: w.name });
    case 'pin':
      return updateView(w.view.id, { pinned: w.pinned });
    case 'delete':
      return removeView(w.view.id);
  }
}

/**
 * The saved views' writes (save, rename, pin, delete) through the gateway; whatever the answer,
 * the views are read again (a refused write changed nothing, a view deleted elsewhere is gone).
 */
export function useViewWrites(flow: SetupFlow) {
  const queryClient = useQueryClient();
  return useGuardedMutation(
    {
      mutationFn: (w: ViewWrite) => send(flow, w),
      onSettled: () => invalidateViews(queryClient),
    },
    { intentOf },
  );
}

/**
 * What the name field says of a refused save or rename: the gateway's message for a conflict
 * (a duplicate name, the 50 views kept), else the refused field's (a name too long, an unknown
 * filter), else what failed.
 */
export function nameFieldError(error: unknown): string {
  if (isApiError(error) && error.status !== 409) {
    const issue = error.issues.find((i) => i.path.includes('name')) ?? error.issues[0];
    if (issue) return issue.message;
  }
  return failureMessage(error);
}
