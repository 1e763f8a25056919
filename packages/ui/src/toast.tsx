import Alert from '@mui/material/Alert';
import Portal from '@mui/material/Portal';
import Snackbar from '@mui/material/Snackbar';
import {
  createContext,
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
      {/*
        Portalled to the end of <body> and mounted only while shown, so a message raised over an
        open dialog or drawer is not inside the app root those hide from assistive technology.
      */}
      {toast ? (
        <Portal>
          <Snackbar
            key={toast?.key}
            open={open}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
            autoHideDuration={toast?.durationMs ?? TOAST_DURATION_MS}
            disableWindowBlurListener
            slotProps={{ transition: { onExited: () => setToast(null) } }}
            onClose={(_event, reason) => {
              if (reason !== 'clickaway') close();
            }}
          >
            <Alert
              severity={toast?.severity ?? 'info'}
              variant="filled"
              onClose={close}
              sx={{ minWidth: 280 }}
            >
              {toast?.message}
            </Alert>
          </Snackbar>
        </Portal>
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
