import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { StatusChip } from '@onboarding/ui';

/**
 * /search_volume (Data Science, Experimental). The spec does not show its content, so the
 * screen says so; it is its own code chunk, fetched only when the operator opens it.
 */
export function SearchVolumePage() {
  return (
    <Paper variant="outlined" sx={{ p: 4 }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <StatusChip icon={<ScienceOutlinedIcon />} label="Experimental" tone="lightYellow" />
        <Typography component="h1" variant="h1">
          Search Volume
        </Typography>
        <Typography>The search volume view is experimental and not available yet.</Typography>
      </Stack>
    </Paper>
  );
}
