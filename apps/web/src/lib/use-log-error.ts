import { useEffect } from 'react';

/**
 * Logs each failed call once (the legacy and prompt screens log their failures:
 * docs/requirements.md#legacy-errors, docs/requirements.md#prompt-errors).
 */
export function useLogError(error: unknown, what: string): void {
  useEffect(() => {
    if (error) console.error(`${what}:`, error);
  }, [error, what]);
}
