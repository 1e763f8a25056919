import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';

export interface LoadingOverlayProps {
  open: boolean;
  label?: string;
}

/** The full-screen loading overlay of the shell. */
export function LoadingOverlay({ open, label = 'Loading' }: LoadingOverlayProps) {
  return (
    <Backdrop open={open} sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff' }}>
      <CircularProgress color="inherit" aria-label={label} />
    </Backdrop>
  );
}
