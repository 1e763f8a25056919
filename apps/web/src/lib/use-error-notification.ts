import { useEffect } from 'react';
import { failureMessage } from './api-error';
import { useNotify } from './notify';

/**
 * A failed load as an error notification with its message, once per failure
 * (docs/requirements.md#error-catalogue); `when` false for screens that show it in place only.
 */
export function useErrorNotification(error: unknown, when = true): void {
  const notify = useNotify();
  useEffect(() => {
    if (when && error) notify(failureMessage(error), { severity: 'error' });
  }, [when, error, notify]);
}
