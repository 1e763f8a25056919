import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useState } from 'react';

export interface LoadingOverlayProps {
  open: boolean;
  label?: string;
  /** Wait this long before showing, so quick work does not flash the screen. */
  delayMs?: number;
}

/** The full-screen loading overlay of the shell. */
export function LoadingOverlay({ open, label = 'Loading', delayMs = 0 }: LoadingOverlayProps) {
  const [delayPassed, setDelayPassed] = useState(false);
  if (!open && delayPassed) setDelayPassed(false);

  useEffect(() => {
    if (!open || delayMs === 0) return;
    const timer = setTimeout(() => setDelayPassed(true), delayMs);
    return () => clearTimeout(timer);
  }, [open, delayMs]);

  const visible = open && (delayMs === 0 || delayPassed);
  return (
    <Backdrop open={visible} sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff' }}>
      {visible ? <CircularProgress color="inherit" aria-label={label} /> : null}
    </Backdrop>
  );
}
