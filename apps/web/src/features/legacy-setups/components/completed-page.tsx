import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataTable } from '@onboarding/ui';
import { Link as RouterLink } from 'react-router-dom';
import { routePath } from '@/lib/routes';
import { useLogError } from '@/lib/use-log-error';
import { useCompletedSetups } from '../api/completed';
import { useStatusOptions } from '../api/status';
import { LoadError } from '@onboarding/ui';
import { LegacyEyebrow } from './legacy-eyebrow';
import { ModulesSummary } from './modules-summary';
import { sharedColumns } from './setup-columns';

/** /customer-setup/completed: every completed setup; no paging, no search, no edit. */
export function CompletedPage() {
  const completed = useCompletedSetups();
  const statuses = useStatusOptions();
  useLogError(completed.error, 'Completed setups could not be loaded');
  useLogError(statuses.error, 'Setup statuses could not be loaded');

  return (
    <Stack spacing={2}>
      <div>
        <LegacyEyebrow />
        <Typography component="h1" variant="h1">
          Completed Setup
        </Typography>
      </div>
      <Typography variant="body2">
        <Link component={RouterLink} to={routePath('ongoing')}>
          See ongoing setups
        </Link>
      </Typography>
      {completed.isError && !completed.data ? (
        <LoadError
          message="The completed setups could not be loaded."
          onRetry={() => void completed.refetch()}
          retrying={completed.isFetching}
        />
      ) : (
        <DataTable
          label="Completed Setup"
          columns={sharedColumns(statuses.data ?? [])}
          rows={completed.data ?? []}
          getRowId={(s) => String(s.setupId)}
          getRowLabel={(s) => s.clientName}
          renderExpanded={(s) => <ModulesSummary setup={s} />}
          loading={completed.isPending}
          loadingLabel="Loading completed setups"
          size="small"
          emptyText="No completed setups"
        />
      )}
    </Stack>
  );
}
