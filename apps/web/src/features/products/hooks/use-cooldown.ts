import { SAVE_COOLDOWN_MS } from '@onboarding/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A pause after a save, `start()` making `coolingDown` true for `ms`: the product save and the step
 * form re-enable after 3 s (docs/requirements.md#product-form-rules, #step-form-rules).
 */
export function useCooldown(ms: number = SAVE_COOLDOWN_MS) {
  const [coolingDown, setCoolingDown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const start = useCallback(() => {
    clearTimeout(timer.current);
    setCoolingDown(true);
    timer.current = setTimeout(() => setCoolingDown(false), ms);
  }, [ms]);

  return { coolingDown, start };
}
