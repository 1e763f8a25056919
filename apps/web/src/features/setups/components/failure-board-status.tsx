import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { FleetStatus } from '@onboarding/contracts';
import { formatDateTime } from '@/lib/format-date';
import { useNow } from '@/lib/use-now';
import { formatDuration } from '../utils/duration';

/** "12 s", "3 min", "1 h 5 min". */
function age(seconds: number): string {
  return seconds < 60 ? `${Math.round(seconds)} s` : formatDuration(seconds * 1000);
}

/** How far the gateway's reading of the fleet has got: "read 340 of 512 workflows". */
export function readProgress(status: FleetStatus): string {
  return `read ${status.progress.read} of ${status.progress.total} workflows`;
}

/**
 * The snapshot the board shows: its age ("Updated 12 s ago", counted on from the answer), and a
 * warning when the gateway's last refresh failed (stale) or no snapshot could be read yet.
 */
export function FailureBoardStatus({
  status,
  answeredAt,
}: {
  status: FleetStatus;
  /** When the answer arrived (ms since the epoch): the age goes on from there. */
  answeredAt: number;
}) {
  const now = useNow(1000);
  const error = status.error ? ` (${status.error.message})` : '';
  if (status.state === 'unavailable') {
    return (
      <Alert severity="error" sx={{ mb: 2 }}>
        The fleet could not be read yet{error}. The gateway keeps trying.
      </Alert>
    );
  }
  if (status.ageSeconds === null) return null;
  const seconds = status.ageSeconds + Math.max(0, (now - answeredAt) / 1000);
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Updated {age(seconds)} ago
        {status.refreshing ? ` · refreshing, ${readProgress(status)}` : ''}
      </Typography>
      {status.state === 'stale' ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          These failures are as read at {formatDateTime(status.takenAt)}: the last refresh failed
          {error}.
        </Alert>
      ) : null}
    </>
  );
}
