import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

export interface LoadErrorProps {
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
}

/** A load that failed: what failed, and a Retry (instead of an endless spinner). */
export function LoadError({ message, onRetry, retrying = false }: LoadErrorProps) {
  return (
    <Alert
      severity="error"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry} disabled={retrying}>
            {retrying ? 'Retrying…' : 'Retry'}
          </Button>
        ) : undefined
      }
    >
      {message}
    </Alert>
  );
}
