import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  legacyStatusError,
  MARKET_INSIGHT_MODULE,
  type LegacySetupForm,
} from '@onboarding/contracts';
import { LoadError } from '@onboarding/ui';
import type { useStatusOptions } from '../api/status';
import { statusLabel } from '../utils/display';
import { ModulesField } from './modules-field';

export interface SetupFieldsProps {
  form: LegacySetupForm;
  set: <K extends keyof LegacySetupForm>(key: K, value: LegacySetupForm[K]) => void;
  isEdit: boolean;
  /** A completed setup: every field is shown read-only (it can no longer be saved). */
  locked?: boolean;
  statuses: ReturnType<typeof useStatusOptions>;
  nameError: string | null;
  checking: boolean;
  onNameChange: (name: string) => void;
  onNameBlur: (name: string) => void;
}

/**
 * The legacy form's fields (docs/requirements.md#legacy-form): client name, dates and current
 * status, status details and modules. Editing, the name, start dates and modules are fixed.
 */
export function SetupFields({
  form,
  set,
  isEdit,
  locked = false,
  statuses,
  nameError,
  checking,
  onNameChange,
  onNameBlur,
}: SetupFieldsProps) {
  const statusError = legacyStatusError(form);
  const statusOptions = statuses.data ?? [];
  const statusMissingFromOptions =
    form.currentStatus !== '' && !statusOptions.some((o) => o.id === form.currentStatus);
  const marketInsight = form.modules.some((m) => m.id === MARKET_INSIGHT_MODULE && m.isSelected);
  const dateProps = (readOnly: boolean) => ({
    inputLabel: { shrink: true },
    htmlInput: { readOnly },
  });

  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <TextField
          label="Client Name"
          required
          value={form.clientName}
          onChange={(e) => onNameChange(e.target.value)}
          onBlur={(e) => onNameBlur(e.target.value)}
          error={nameError !== null}
          helperText={nameError ?? (checking ? 'Checking the client name…' : undefined)}
          slotProps={{ htmlInput: { readOnly: isEdit, maxLength: 100 } }}
        />
        <TextField
          label="Start Date"
          type="date"
          value={form.startDate}
          onChange={(e) => set('startDate', e.target.value)}
          slotProps={dateProps(isEdit || locked)}
        />
        <TextField
          label="Date of AVC"
          type="date"
          value={form.avcDate}
          onChange={(e) => set('avcDate', e.target.value)}
          slotProps={dateProps(isEdit || locked)}
        />
        <TextField
          label="Date of AMS"
          type="date"
          value={form.amsDate}
          onChange={(e) => set('amsDate', e.target.value)}
          slotProps={dateProps(isEdit || locked)}
        />
        <TextField
          select
          label="Current Status"
          required
          value={form.currentStatus}
          onChange={(e) => set('currentStatus', e.target.value)}
          error={statusError !== null}
          helperText={statusError ?? undefined}
          disabled={statuses.isPending && !statusMissingFromOptions}
          slotProps={{ select: { readOnly: locked } }}
        >
          {statusMissingFromOptions ? (
            <MenuItem value={form.currentStatus}>
              {statusLabel(form.currentStatus, statusOptions)}
            </MenuItem>
          ) : null}
          {statusOptions.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Expected Signoff Date"
          type="date"
          value={form.expectedSignoffDate}
          onChange={(e) => set('expectedSignoffDate', e.target.value)}
          slotProps={dateProps(locked)}
        />
      </Box>
      {statuses.isError ? (
        <LoadError
          message="The status options could not be loaded."
          onRetry={() => void statuses.refetch()}
          retrying={statuses.isFetching}
        />
      ) : null}
      <TextField
        label="Status Details"
        multiline
        minRows={3}
        value={form.statusDetails}
        onChange={(e) => set('statusDetails', e.target.value)}
        helperText={marketInsight ? 'Market Insights: add the retailer details here.' : undefined}
        slotProps={{ htmlInput: { maxLength: 5000, readOnly: locked } }}
      />
      <ModulesField
        modules={form.modules}
        fixed={isEdit}
        onChange={(modules) => set('modules', modules)}
      />
    </>
  );
}
