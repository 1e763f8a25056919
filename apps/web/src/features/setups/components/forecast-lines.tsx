import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ForecastLine } from '../utils/forecast-text';

/** A setup's forecast lines (utils/forecast-text.ts), small in the list, body text on details. */
export function ForecastLines({
  lines,
  small,
}: {
  lines: readonly ForecastLine[];
  small?: boolean;
}) {
  if (lines.length === 0) return null;
  return (
    <Box role="group" aria-label="Forecast" sx={{ mb: small ? 0 : 2 }}>
      {lines.map((l) => (
        <Typography
          key={l.text}
          variant={small ? 'caption' : 'body1'}
          component="p"
          sx={{ m: 0, fontWeight: l.kind === 'slow' ? 600 : undefined }}
          color={small && l.kind !== 'slow' ? 'text.secondary' : 'text.primary'}
        >
          {l.text}
        </Typography>
      ))}
    </Box>
  );
}
