import { ConfirmDialog } from '@onboarding/ui';
import { memo, useEffect, type RefObject } from 'react';
import { useBlocker } from 'react-router-dom';
import { sessionEnding } from './unauthorized';

/**
 * Asks before the operator leaves a form with unsaved changes: an in-app navigation shows a
 * dialog; closing or reloading the tab shows the browser's own prompt. `allowed` lets a
 * successful save leave without asking. Every form that edits something renders one. The way
 * to sign-in after a session end is never asked about: the form's draft is kept (lib/drafts.ts).
 */
export const LeaveGuard = memo(function LeaveGuard({
  when,
  allowed,
}: {
  when: boolean;
  allowed: RefObject<boolean>;
}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      !allowed.current &&
      !sessionEnding() &&
      currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      // A session end leaves for the sign-in page (login.html) keeping the draft: never asked.
      if (allowed.current || sessionEnding()) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when, allowed]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave this page?"
      message="You have unsaved changes. If you leave now, they will be lost."
      confirmLabel="Leave"
      cancelLabel="Stay"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
});
