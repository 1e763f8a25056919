import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

export interface ToastOptions {
  message: string;
  severity?: ToastSeverity;
  /** How long the message stays; 3 s unless told otherwise. */
  durationMs?: number;
  /** Runs once the message has gone (e.g. to navigate on). */
  onClosed?: () => void;
}

interface ToastState extends ToastOptions {
  key: number;
}

interface ToastApi {
  show: (options: ToastOptions) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export const TOAST_DURATION_MS = 3000;

// The snackbar's code is fetched with the first message, not with every first page.
const ToastView = lazy(() => import('./toast-view.js'));

/** The transient bottom-centre message of the shell. One at a time; a new one replaces the last. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const [open, setOpen] = useState(false);
  const seq = useRef(0);

  const show = useCallback((options: ToastOptions) => {
    seq.current += 1;
    setToast({ ...options, key: seq.current });
    setOpen(true);
  }, []);

  const close = () => {
    if (!open) return;
    setOpen(false);
    toast?.onClosed?.();
  };

  const api = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {toast ? (
        <Suspense fallback={null}>
          <ToastView
            toastKey={toast.key}
            open={open}
            message={toast.message}
            severity={toast.severity ?? 'info'}
            durationMs={toast.durationMs ?? TOAST_DURATION_MS}
            onClose={close}
            onExited={() => setToast(null)}
          />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

/** Shows the bottom-centre message. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
