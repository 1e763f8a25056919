import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useNow } from '@/lib/use-now';
import { formatCount } from '../hooks/use-csv-export';

/** "12 s", "5 min", "3 h": how old the snapshot is. */
function age(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h`;
}

/**
 * Under the filter bar while filters are active: how many setups match over every page, and how
 * old the fleet snapshot they come from is (it is not the live list).
 */
export function FilterSummary({ total, takenAt }: { total: number; takenAt: string | null }) {
  const now = useNow(1000);
  const taken = takenAt === null ? NaN : Date.parse(takenAt);
  return (
    <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1 }}>
      {formatCount(total)} {total === 1 ? 'setup matches' : 'setups match'}
      {Number.isNaN(taken)
        ? ''
        : ` · Updated ${age(Math.max(0, Math.round((now - taken) / 1000)))} ago (fleet snapshot)`}
    </Typography>
  );
}

/** A filter in the address that was ignored, named (list-filter.ts's readListFilter). */
export function FilterError({ message }: { message: string | null }) {
  return message ? (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {message}
    </Alert>
  ) : null;
}
