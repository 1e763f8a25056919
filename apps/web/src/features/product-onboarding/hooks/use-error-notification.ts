import { useEffect } from 'react';
import { useNotify } from '@/lib/notify';
import { errorText } from '../utils/error-text';

/** Spec §8: a load failure of the product screens shows as a notification with the error message. */
export function useErrorNotification(error: unknown) {
  const notify = useNotify();
  useEffect(() => {
    if (error) notify(errorText(error), { severity: 'error' });
  }, [error, notify]);
}
