import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { MESSAGES } from '@onboarding/contracts';

/** Spec §8: "Something went wrong" followed by the error. */
export function LoadErrorAlert({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <Alert severity="error">
      <AlertTitle>{MESSAGES.detailsLoadFailed}</AlertTitle>
      {detail}
    </Alert>
  );
}
