import { useEffect } from 'react';

/** Logs a failed call once per error (spec §8: legacy failures are logged). */
export function useLogError(error: unknown, what: string): void {
  useEffect(() => {
    if (error) console.error(`${what}:`, error);
  }, [error, what]);
}
