import { useEffect } from 'react';
import { useNotify } from '@/lib/notify';
import { errorText } from '../utils/error-text';

/** Product screens' failed loads: a notification with the error (docs/requirements.md#products). */
export function useErrorNotification(error: unknown) {
  const notify = useNotify();
  useEffect(() => {
    if (error) notify(errorText(error), { severity: 'error' });
  }, [error, notify]);
}
