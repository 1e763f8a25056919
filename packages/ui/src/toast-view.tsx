import Alert from '@mui/material/Alert';
import Portal from '@mui/material/Portal';
import Snackbar from '@mui/material/Snackbar';
import type { ToastSeverity } from './toast.js';

export interface ToastViewProps {
  toastKey: number;
  open: boolean;
  message: string;
  severity: ToastSeverity;
  durationMs: number;
  onClose: () => void;
  onExited: () => void;
}

/**
 * The message itself: bottom centre, gone after `durationMs`. Portalled to the end of <body>
 * and mounted only while shown, so a message raised over an open dialog or drawer is not
 * inside the app root those hide from assistive technology.
 */
export default function ToastView({
  toastKey,
  open,
  message,
  severity,
  durationMs,
  onClose,
  onExited,
}: ToastViewProps) {
  return (
    <Portal>
      <Snackbar
        key={toastKey}
        open={open}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        autoHideDuration={durationMs}
        disableWindowBlurListener
        slotProps={{ transition: { onExited } }}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') onClose();
        }}
      >
        <Alert severity={severity} variant="filled" onClose={onClose} sx={{ minWidth: 280 }}>
          {message}
        </Alert>
      </Snackbar>
    </Portal>
  );
}
