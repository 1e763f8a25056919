import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { FleetHealth } from '@onboarding/contracts';
import { LoadError, LoadingBlock } from '@onboarding/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatDateTime } from '@/lib/format-date';
import { useNow } from '@/lib/use-now';
import { ageText, progressText } from '../utils/snapshot-words';

interface Props {
  query: UseQueryResult<FleetHealth>;
}

/** The snapshot's age as the gateway told it, plus the time since it answered. */
function SnapshotAge({ snapshot, answeredAt }: { snapshot: FleetHealth; answeredAt: number }) {
  const now = useNow(1000);
  if (snapshot.ageSeconds === null) return null;
  const age = snapshot.ageSeconds + Math.max(0, Math.floor((now - answeredAt) / 1000));
  return (
    <Typography variant="body2" color="text.secondary" data-testid="snapshot-age">
      {ageText(age)}
      {snapshot.refreshing ? ` · refreshing: ${progressText(snapshot.progress)}` : ''}
    </Typography>
  );
}

function Progress({ progress }: { progress: FleetHealth['progress'] }) {
  const { read, total } = progress;
  return (
    <Box sx={{ py: 2 }}>
      <Typography role="status" sx={{ mb: 1 }}>
        Reading the fleet for the first time: {progressText(progress)}.
      </Typography>
      <LinearProgress
        aria-label="Fleet read progress"
        variant={total > 0 ? 'determinate' : 'indeterminate'}
        value={total > 0 ? Math.round((100 * read) / total) : 0}
      />
    </Box>
  );
}

/**
 * Above the charts: how old the snapshot is and how far a refresh got; a stale snapshot's
 * warning (the charts still show it); the first read's progress; or why there is none, with
 * Retry.
 */
export function SnapshotStatus({ query }: Props) {
  const { data, error, dataUpdatedAt, isFetching } = query;
  const retry = () => void query.refetch();
  if (!data) {
    if (error) {
      return (
        <LoadError
          message={`The fleet snapshot could not be loaded: ${error.message}`}
          onRetry={retry}
          retrying={isFetching}
        />
      );
    }
    return <LoadingBlock label="Loading the fleet snapshot" />;
  }
  if (data.state === 'unavailable') {
    return (
      <LoadError
        message={`The fleet could not be read: ${data.error?.message ?? 'no snapshot yet'}`}
        onRetry={retry}
        retrying={isFetching}
      />
    );
  }
  if (data.state === 'building') return <Progress progress={data.progress} />;
  return (
    <Box sx={{ mb: 2 }}>
      <SnapshotAge snapshot={data} answeredAt={dataUpdatedAt} />
      {data.state === 'stale' && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          The last refresh failed: {data.error?.message ?? 'no reason given'}. Showing the snapshot
          taken {formatDateTime(data.takenAt)}.
        </Alert>
      )}
      {error && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          A newer snapshot could not be asked for: {error.message}. Showing the last one.
        </Alert>
      )}
    </Box>
  );
}
