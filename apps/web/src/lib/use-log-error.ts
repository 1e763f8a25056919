import { useEffect } from 'react';
import { isSessionEnd } from './unauthorized';

/**
 * Logs each failed call once (the legacy and prompt screens log their failures:
 * docs/requirements.md#legacy-errors, docs/requirements.md#prompt-errors). A session end is not
 * a failure of the screen: the login page says it (lib/unauthorized.ts).
 */
export function useLogError(error: unknown, what: string): void {
  useEffect(() => {
    if (error && !isSessionEnd(error)) console.error(`${what}:`, error);
  }, [error, what]);
}
