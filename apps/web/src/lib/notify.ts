import { useToast, type ToastSeverity } from '@onboarding/ui';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

export interface NotifyOptions {
  severity?: ToastSeverity;
  /** A path built with `routePath`: where to go once the message has gone (after 3 s). */
  thenGoTo?: string;
}

/** The bottom-centre message; optionally navigates to a named route when it disappears. */
export function useNotify() {
  const toast = useToast();
  const navigate = useNavigate();
  return useCallback(
    (message: string, { severity = 'info', thenGoTo }: NotifyOptions = {}) =>
      toast.show({
        message,
        severity,
        onClosed: thenGoTo ? () => void navigate(thenGoTo) : undefined,
      }),
    [toast, navigate],
  );
}
