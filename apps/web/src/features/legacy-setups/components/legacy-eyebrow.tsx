import Typography from '@mui/material/Typography';

/**
 * Above the legacy lists' headings: the ongoing list's heading is the spec's `Setups`, as the
 * setups list's is, so this line says which list it is (docs/requirements.md#decision-legacy-navigation).
 */
export function LegacyEyebrow() {
  return (
    <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.5 }}>
      Legacy customer setups
    </Typography>
  );
}
