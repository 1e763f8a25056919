import Typography from '@mui/material/Typography';
import { useNow } from '@/lib/use-now';

/** "Updated N s ago" for a live view; says whether it still refreshes itself. */
export function UpdatedAgo({ updatedAt, live }: { updatedAt: number; live: boolean }) {
  const now = useNow(1000);
  if (!updatedAt) return null;
  const seconds = Math.max(0, Math.round((now - updatedAt) / 1000));
  return (
    <Typography variant="body2" color="text.secondary" data-testid="updated-ago">
      Updated {seconds} s ago{live ? ' · refreshing every 10 s' : ''}
    </Typography>
  );
}
