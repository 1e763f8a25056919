import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  ACCOUNT_NAME_MAX,
  isAllowedAccountNameKey,
  SETUP_REGIONS,
  type SetupRegion,
} from '@onboarding/contracts';
import { memo, type KeyboardEvent, type ReactNode } from 'react';

export interface ProspectFieldsProps {
  clientName: string;
  error: string;
  checking: boolean;
  region: SetupRegion;
  onNameChange: (value: string) => void;
  onNameBlur: () => void;
  onRegionChange: (value: SetupRegion) => void;
  disabled?: boolean;
  /** Shown under the account name (the similar customers). */
  below?: ReactNode;
}

/** docs/requirements.md#setup-form-keypress: letters, digits, space, hyphen and Enter pass. */
function filterKey(event: KeyboardEvent<HTMLInputElement>) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key.length !== 1 && event.key !== 'Enter') return;
  if (!isAllowedAccountNameKey(event.key)) event.preventDefault();
}

/** The prospect's account name (checked on blur) and its setup region (US only). */
export const ProspectFields = memo(function ProspectFields({
  clientName,
  error,
  checking,
  region,
  onNameChange,
  onNameBlur,
  onRegionChange,
  disabled,
  below,
}: ProspectFieldsProps) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <Box sx={{ flex: 1 }}>
        <TextField
          label="Enter Account Name *"
          value={clientName}
          onChange={(e) => onNameChange(e.target.value)}
          onBlur={onNameBlur}
          onKeyDown={filterKey}
          error={error !== ''}
          helperText={error || (checking ? 'Checking the name…' : ' ')}
          disabled={disabled}
          autoComplete="off"
          fullWidth
          slotProps={{
            htmlInput: { maxLength: ACCOUNT_NAME_MAX, 'aria-required': true },
          }}
        />
        {below}
      </Box>
      <TextField
        select
        label="Select Setup Region *"
        value={region}
        onChange={(e) => onRegionChange(e.target.value as SetupRegion)}
        disabled={disabled}
        helperText=" "
        sx={{ minWidth: 220, alignSelf: { md: 'flex-start' } }}
      >
        {SETUP_REGIONS.map((r) => (
          <MenuItem key={r} value={r}>
            {r}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
});
