import { useEffect } from 'react';

/** Logs each failed call once (legacy failures are logged: docs/requirements.md#legacy-errors). */
export function useLogError(error: unknown, what: string): void {
  useEffect(() => {
    if (error) console.error(`${what}:`, error);
  }, [error, what]);
}
