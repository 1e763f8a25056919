import { useEffect } from 'react';

/** Logs each failed call once (load errors are logged: docs/requirements.md#prompt-errors). */
export function useLogError(error: unknown, what: string): void {
  useEffect(() => {
    if (error) console.error(`${what}:`, error);
  }, [error, what]);
}
