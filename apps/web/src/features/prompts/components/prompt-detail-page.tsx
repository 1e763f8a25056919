import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Prompt } from '@onboarding/contracts';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { isApiError } from '@/lib/api-client';
import { parseRouteId } from '@/lib/route-id';
import { useTitleSubject } from '@/lib/document-title';
import { routePath } from '@/lib/routes';
import { useLogError } from '@/lib/use-log-error';
import { usePrompt } from '../api/get';
import { formatDateTime } from '@/lib/format-date';
import { LoadError, LoadingBlock } from '@onboarding/ui';

/** /llm_service/prompts/{id}: one prompt, read-only. */
export function PromptDetailPage() {
  const { id } = useParams<{ id: string }>();
  const parsed = parseRouteId(id);
  // The llm service's path takes the id as text: the same digits the address wrote.
  const promptId = parsed === null ? null : String(parsed);
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography component="h1" variant="h1">
          Prompt Details
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to={routePath('prompts')}>
            Back to Prompts
          </Button>
          {promptId !== null ? (
            <Button
              variant="contained"
              component={RouterLink}
              to={routePath('editPrompt', { id: promptId })}
            >
              Edit
            </Button>
          ) : null}
        </Stack>
      </Stack>
      {promptId !== null ? (
        <LoadedDetail id={promptId} />
      ) : (
        <LoadError message={`There is no prompt with the id ${id ?? ''}.`} />
      )}
    </Stack>
  );
}

function LoadedDetail({ id }: { id: string }) {
  const prompt = usePrompt(id);
  useTitleSubject(prompt.data?.metadata.name);
  useLogError(prompt.error, `Prompt ${id} could not be loaded`);
  if (prompt.data) return <Detail prompt={prompt.data} />;
  if (prompt.isError) {
    return isApiError(prompt.error) && prompt.error.status === 404 ? (
      <LoadError message={`There is no prompt with the id ${id}.`} />
    ) : (
      <LoadError
        message="The prompt could not be loaded."
        onRetry={() => void prompt.refetch()}
        retrying={prompt.isFetching}
      />
    );
  }
  return <LoadingBlock padding={4} label="Loading the prompt" />;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '200px 1fr' }, gap: 1, py: 1 }}>
      <Typography component="dt" variant="subtitle2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

function Detail({ prompt }: { prompt: Prompt }) {
  const defaults = Object.entries(prompt.metadata.variables);
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Box component="dl" sx={{ m: 0 }}>
        <Field label="Name">{prompt.metadata.name}</Field>
        <Field label="Id">{prompt.prompt_id}</Field>
        <Field label="Client">{prompt.client}</Field>
        <Field label="Prompt">{prompt.prompt}</Field>
        <Field label="Business Context">{prompt.business_context?.trim() || '-'}</Field>
        <Field label="Created At">{formatDateTime(prompt.created_at)}</Field>
        <Field label="Updated At">{formatDateTime(prompt.updated_at)}</Field>
      </Box>
      <Typography component="h2" variant="h6" sx={{ mt: 2, mb: 1 }}>
        Default Values
      </Typography>
      {defaults.length === 0 ? (
        <Typography>-</Typography>
      ) : (
        <Table size="small" aria-label="Default Values">
          <TableHead>
            <TableRow>
              <TableCell>Variable</TableCell>
              <TableCell>Default Value</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {defaults.map(([name, value]) => (
              <TableRow key={name}>
                <TableCell>{name}</TableCell>
                <TableCell>{value || '-'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
