import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import FileDownload from '@mui/icons-material/FileDownload';
import Insights from '@mui/icons-material/InsightsOutlined';
import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link, useLocation } from 'react-router-dom';
import type { SetupFlow } from '@/lib/setup-flow';
import { formatCount, type ExportProgress } from '../hooks/use-csv-export';

interface Props {
  flow: SetupFlow;
  /** Retailer rows ticked on this page. */
  selectedCount: number;
  onClearSelection: () => void;
  onRefreshData: () => void;
  exporting: ExportProgress;
  onExport: () => void;
  onCancelExport: () => void;
}

/**
 * Above the setups table: the selection and its bulk Refresh Data, the CSV export with its
 * progress, and the ways to the flow's failure board and pipeline health
 * (docs/requirements.md#setups-list-toolbar).
 */
export function ListToolbar({
  flow,
  selectedCount,
  onClearSelection,
  onRefreshData,
  exporting,
  onExport,
  onCancelExport,
}: Props) {
  // The board follows the list's filters (docs/requirements.md#failure-board-filters): it takes
  // the list's address and keeps what it applies.
  const failures = flow.routes.failures() + useLocation().search;
  return (
    <Paper component="section" aria-label="List actions" variant="outlined" sx={{ mb: 2, p: 1.5 }}>
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography role="status">{selectedCount} selected on this page</Typography>
          <Typography variant="body2" color="text.secondary">
            Changing the page or the search clears the selection.
          </Typography>
        </Box>
        <Button disabled={selectedCount === 0} onClick={onClearSelection}>
          Clear selection
        </Button>
        <Button
          variant="contained"
          startIcon={<Refresh />}
          disabled={selectedCount === 0}
          onClick={onRefreshData}
        >
          Refresh Data
        </Button>
        <Button
          variant="outlined"
          startIcon={<FileDownload />}
          disabled={exporting !== null}
          onClick={onExport}
        >
          Export CSV
        </Button>
        <Button component={Link} to={failures} startIcon={<ErrorOutline />}>
          Failures
        </Button>
        <Button component={Link} to={flow.routes.health()} startIcon={<Insights />}>
          Health
        </Button>
      </Stack>
      {exporting ? (
        <Box sx={{ mt: 1.5 }}>
          <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', mb: 0.5 }}>
            <Typography role="status" variant="body2" sx={{ flexGrow: 1 }}>
              Exporting: {formatCount(exporting.setups)} of{' '}
              {exporting.total ? formatCount(exporting.total) : '…'} setups
            </Typography>
            <Button size="small" onClick={onCancelExport}>
              Cancel export
            </Button>
          </Stack>
          <LinearProgress
            aria-label="Export progress"
            variant={exporting.total ? 'determinate' : 'indeterminate'}
            value={exporting.total ? Math.round((100 * exporting.setups) / exporting.total) : 0}
          />
        </Box>
      ) : null}
    </Paper>
  );
}
