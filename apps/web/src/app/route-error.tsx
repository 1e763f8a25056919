import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@onboarding/contracts';

/** What a screen shows when it could not be loaded at all (e.g. its code failed to download). */
export function RouteError() {
  return (
    <Box sx={{ p: 3 }}>
      <Typography role="alert" color="error">
        {MESSAGES.listLoadFailed}
      </Typography>
    </Box>
  );
}
