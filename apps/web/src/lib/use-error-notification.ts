import { useEffect } from 'react';
import { failureMessage } from './api-error';
import { useNotify } from './notify';
import { isSessionEnd } from './unauthorized';

/**
 * A failed load as an error notification with its message, once per failure
 * (docs/requirements.md#error-catalogue); `when` false for screens that show it in place only.
 * A session end has its own message on the login page (lib/unauthorized.ts).
 */
export function useErrorNotification(error: unknown, when = true): void {
  const notify = useNotify();
  useEffect(() => {
    if (when && error && !isSessionEnd(error)) notify(failureMessage(error), { severity: 'error' });
  }, [when, error, notify]);
}
