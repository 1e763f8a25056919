import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { MESSAGES } from '@onboarding/contracts';

/** What a screen shows when it could not be loaded at all (e.g. its code failed to download). */
export function RouteError() {
  return (
    <Box sx={{ p: 3 }}>
      <Alert severity="error">{MESSAGES.listLoadFailed}</Alert>
    </Box>
  );
}
