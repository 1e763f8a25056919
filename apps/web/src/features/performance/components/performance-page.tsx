import Typography from '@mui/material/Typography';
import { MESSAGES } from '@onboarding/contracts';

/** /performance-metric: only a notice (docs/requirements.md#performance). */
export function PerformancePage() {
  return (
    <Typography component="h1" variant="h1">
      {MESSAGES.performanceComingSoon}
    </Typography>
  );
}
