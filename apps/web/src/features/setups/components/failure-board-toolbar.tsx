import Refresh from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The failure board's sticky bar: how far the reading got, then the counts and the selection;
 * Clear selection, Re-trigger (the selected rows' preview) and Reload.
 */
export function FailureBoardToolbar({
  counts,
  progress,
  selectedCount,
  canReTrigger,
  onClearSelection,
  onReTrigger,
  onReload,
  reloading,
}: {
  /** Once the board is read: its failed rows and the setups they belong to. */
  counts: { rows: number; setups: number } | null;
  /** What is read until the counts are known. */
  progress: string;
  selectedCount: number;
  canReTrigger: boolean;
  onClearSelection: () => void;
  onReTrigger: () => void;
  onReload: () => void;
  reloading: boolean;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 2,
        mb: 2,
        p: 1.5,
        display: 'flex',
        gap: 2,
        alignItems: 'center',
        flexWrap: 'wrap',
      }}
    >
      <Typography role="status" sx={{ flexGrow: 1 }}>
        {counts
          ? `${plural(counts.rows, 'failed row', 'failed rows')} in ${plural(
              counts.setups,
              'setup',
              'setups',
            )} · ${selectedCount} selected`
          : progress}
      </Typography>
      <Button disabled={selectedCount === 0} onClick={onClearSelection}>
        Clear selection
      </Button>
      <Button variant="contained" disabled={!canReTrigger} onClick={onReTrigger}>
        Re-trigger
      </Button>
      <Button startIcon={<Refresh />} onClick={onReload} disabled={reloading}>
        Reload
      </Button>
    </Paper>
  );
}
