import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  COMMON_CLIENT_NAME,
  PROMPT_VARIABLE_VALUE_MAX,
  type PromptClientOption,
} from '@onboarding/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';

/**
 * The prompt's client (docs/requirements.md#prompt-form): chosen from the clients when adding,
 * read-only when editing (`storedClient`), as `update` takes no client.
 */
export function PromptClientField({
  storedClient,
  client,
  onChange,
  clients,
}: {
  storedClient?: string;
  client: PromptClientOption | null;
  onChange: (client: PromptClientOption | null) => void;
  clients: UseQueryResult<PromptClientOption[]>;
}) {
  if (storedClient !== undefined) {
    return (
      <TextField
        label="Client"
        value={storedClient}
        slotProps={{ htmlInput: { readOnly: true } }}
        helperText="The client of a prompt cannot be changed."
      />
    );
  }
  return (
    <>
      <Autocomplete
        options={clients.data ?? []}
        value={client}
        onChange={(_e, option) => onChange(option)}
        getOptionLabel={(option) => option.client}
        isOptionEqualToValue={(a, b) => a.client_id === b.client_id}
        loading={clients.isPending}
        loadingText="Loading clients"
        renderInput={(params) => (
          <TextField
            {...params}
            label="Client"
            placeholder={COMMON_CLIENT_NAME}
            error={clients.isError}
            helperText={
              clients.isError
                ? 'The clients could not be loaded; the prompt will belong to Common.'
                : 'Leave empty for a prompt that belongs to Common.'
            }
          />
        )}
      />
      {clients.isError ? (
        <Box>
          <Button size="small" onClick={() => void clients.refetch()}>
            Retry loading clients
          </Button>
        </Box>
      ) : null}
    </>
  );
}

/** One input per variable, labelled `{{name}}` (docs/requirements.md#prompt-variables). */
export function PromptVariablesSection({
  variables,
  values,
  onChange,
  unused,
}: {
  variables: readonly string[];
  values: Readonly<Record<string, string>>;
  onChange: (variable: string, value: string) => void;
  /** Stored variables the text does not use, kept as saved. */
  unused: ReadonlySet<string>;
}) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h6" gutterBottom>
        Variables
      </Typography>
      {variables.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No variables yet.
        </Typography>
      ) : (
        <Stack spacing={2}>
          {variables.map((variable) => (
            <TextField
              key={variable}
              label={`{{${variable}}}`}
              value={values[variable] ?? ''}
              onChange={(e) => onChange(variable, e.target.value)}
              helperText={unused.has(variable) ? 'Not in the prompt; kept as saved.' : undefined}
              size="small"
              slotProps={{ htmlInput: { maxLength: PROMPT_VARIABLE_VALUE_MAX } }}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}
