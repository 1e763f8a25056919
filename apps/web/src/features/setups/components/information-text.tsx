import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';

/** The information text on the setups list (docs/requirements.md#setups-list-information). */
export function InformationText() {
  return (
    <Alert severity="info" role="note" sx={{ mb: 2 }}>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        <li>Customer data is refreshed every Monday.</li>
        <li>
          Prospects (Is New Client = true) are not refreshed automatically. Their refresh is done
          from the row&apos;s actions menu and must be done 24 hours before any meeting.
        </li>
        <li>New setups take 24-48 hours to go live, so they should be created in advance.</li>
      </Box>
    </Alert>
  );
}
