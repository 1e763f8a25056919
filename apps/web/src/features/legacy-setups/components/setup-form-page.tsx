import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { isApiError } from '@/lib/api-client';
import { parseRouteId } from '@/lib/route-id';
import { useLogError } from '@/lib/use-log-error';
import { useSetup } from '../api/get-setup';
import { emptyLegacyForm, formFromSetup } from '../utils/form';
import { LoadError, LoadingBlock } from '@onboarding/ui';
import { SetupForm } from './setup-form';

/** /customer-setup/add-new and /customer-setup/edit/{setupId}. */
export function SetupFormPage() {
  const { setupId } = useParams<{ setupId?: string }>();
  if (setupId === undefined) return <SetupForm initial={emptyLegacyForm()} />;
  const id = parseRouteId(setupId);
  if (id === null) {
    return (
      <Frame>
        <LoadError message={`There is no setup with the id ${setupId}.`} />
      </Frame>
    );
  }
  return <EditSetup setupId={id} />;
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h1">
        Edit Setup
      </Typography>
      {children}
    </Stack>
  );
}

/** A getSetup failure as the browser alert shows it (docs/requirements.md#legacy-errors). */
function alertText(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

function EditSetup({ setupId }: { setupId: number }) {
  const setup = useSetup(setupId);
  const { error } = setup;
  useLogError(error, `Setup ${setupId} could not be loaded`);

  useEffect(() => {
    if (error) window.alert(alertText(error));
  }, [error]);

  if (setup.data) {
    return (
      <SetupForm key={setup.data.setupId} initial={formFromSetup(setup.data)} setupId={setupId} />
    );
  }
  return (
    <Frame>
      {setup.isError ? (
        <LoadError
          message="The setup could not be loaded."
          onRetry={() => void setup.refetch()}
          retrying={setup.isFetching}
        />
      ) : (
        <LoadingBlock padding={4} label="Loading the setup" />
      )}
    </Frame>
  );
}
