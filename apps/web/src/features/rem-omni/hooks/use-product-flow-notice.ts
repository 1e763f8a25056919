import { useEffect } from 'react';
import { useNotify } from '@/lib/notify';
import { errorMessage } from '../utils/error-message';
import type { SetupsFlow } from '../utils/flow';

/**
 * docs/requirements.md#error-catalogue: in the per-product flow a failed call is shown as a
 * notification with the error message (rem_omni keeps its own alerts). Once per failure.
 */
export function useProductFlowNotice(flow: SetupsFlow, error: unknown): void {
  const notify = useNotify();
  const isProduct = flow.kind === 'product';
  useEffect(() => {
    if (isProduct && error) notify(errorMessage(error), { severity: 'error' });
  }, [isProduct, error, notify]);
}
