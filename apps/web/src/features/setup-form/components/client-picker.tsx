import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { OPTION_SEARCH_DEBOUNCE_MS, type ClientOption } from '@onboarding/contracts';
import { useQuery } from '@tanstack/react-query';
import { memo, useEffect, useMemo, useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { clientsQuery } from '../api/clients';

export interface ClientPickerProps {
  value: { id: number; name: string } | null;
  error: string;
  checking: boolean;
  onPick: (client: { id: number; name: string } | null) => void;
  disabled?: boolean;
}

const filter = createFilterOptions<ClientOption>({ stringify: (o) => o.name, limit: 200 });

/** The searchable existing-client picker (options filtered 200 ms after typing stops). */
export const ClientPicker = memo(function ClientPicker({
  value,
  error,
  checking,
  onPick,
  disabled,
}: ClientPickerProps) {
  const clients = useQuery(clientsQuery());
  const [input, setInput] = useState(value?.name ?? '');
  const debounced = useDebouncedValue(input, OPTION_SEARCH_DEBOUNCE_MS);
  const options = useMemo(() => clients.data ?? [], [clients.data]);
  const selected = useMemo(
    () =>
      value
        ? (options.find((o) => o.value === value.id) ?? { value: value.id, name: value.name })
        : null,
    [options, value],
  );

  useEffect(() => {
    if (clients.isError) console.error('Loading existing clients failed', clients.error);
  }, [clients.isError, clients.error]);

  return (
    <Autocomplete<ClientOption>
      options={options}
      value={selected}
      onChange={(_e, option) => onPick(option ? { id: option.value, name: option.name } : null)}
      inputValue={input}
      onInputChange={(_e, next) => setInput(next)}
      filterOptions={(opts, state) =>
        filter(opts, { ...state, inputValue: state.inputValue === '' ? '' : debounced })
      }
      getOptionLabel={(o) => o.name}
      getOptionKey={(o) => o.value}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      loading={clients.isPending}
      loadingText="Loading Existing Clients"
      disabled={disabled}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Select Client *"
          placeholder="Please choose client"
          error={error !== ''}
          helperText={error || (checking ? 'Checking for an existing setup…' : ' ')}
        />
      )}
    />
  );
});
