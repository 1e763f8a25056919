import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { MESSAGES } from '@onboarding/contracts';
import { LoadError } from '@onboarding/ui';
import type { ReactNode } from 'react';
import { failureMessage } from '@/lib/api-error';
import type { SetupFlow } from '@/lib/setup-flow';
import { useErrorNotification } from '@/lib/use-error-notification';

/** "Something went wrong" followed by the error (docs/requirements.md#setup-details-errors). */
function LoadErrorAlert({ error }: { error: unknown }) {
  return (
    <Alert severity="error">
      <AlertTitle>{MESSAGES.detailsLoadFailed}</AlertTitle>
      {failureMessage(error)}
    </Alert>
  );
}

/**
 * A failed load, in its content's place. rem_omni: the alert (`remOmni`, or "Something went wrong"
 * and the error). Per product: the error message as a notification, here what failed and Retry
 * (docs/requirements.md#setups-list-errors, docs/requirements.md#setup-details-errors).
 */
export function FlowLoadError({
  flow,
  query,
  what,
  remOmni,
}: {
  flow: SetupFlow;
  /** The failed query. */
  query: { error: unknown; isFetching: boolean; refetch: () => Promise<unknown> };
  /** What failed to load, e.g. "setups". */
  what: string;
  remOmni?: ReactNode;
}) {
  useErrorNotification(query.error, flow.tellsServerErrors);
  if (!flow.tellsServerErrors) return remOmni ?? <LoadErrorAlert error={query.error} />;
  return (
    <LoadError
      message={`The ${what} could not be loaded.`}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}
