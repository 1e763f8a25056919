import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode, type Ref } from 'react';

/** The brands list (comma-separated), starred when required (prospects). */
export const BrandsField = memo(function BrandsField({
  value,
  required,
  onChange,
  disabled,
}: {
  value: string;
  required: boolean;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  return (
    <TextField
      label={required ? 'Enter Brands list *' : 'Enter Brands list'}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      helperText="Separate brands with commas"
      disabled={disabled}
      slotProps={{ htmlInput: { maxLength: 5000, 'aria-required': required } }}
      sx={{ maxWidth: 720 }}
    />
  );
});

/** The client of a setup being edited: read-only, with whether it is a prospect. */
export function EditedClientField({ name, isNewClient }: { name: string; isNewClient: boolean }) {
  return (
    <TextField
      label="Client Name"
      value={name}
      slotProps={{ htmlInput: { readOnly: true } }}
      helperText={isNewClient ? 'Prospect' : 'Existing client'}
      sx={{ maxWidth: 520 }}
    />
  );
}

/** A titled part of the form below a divider (Browse Nodes, Schedule). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Divider />
      <Box>
        <Typography component="h2" variant="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </Box>
    </>
  );
}

/** The browse-node picker beside the chosen nodes (one column on narrow screens). */
export function NodeColumns({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 7fr) minmax(0, 5fr)' },
      }}
    >
      {children}
    </Box>
  );
}

/**
 * Cancel and the submit button. The submit button looks disabled until the form is valid but
 * stays clickable (aria-disabled) so that a click explains what is missing; it is truly
 * disabled while the request is in flight.
 */
export const FormActions = memo(function FormActions({
  label,
  canSubmit,
  submitting,
  onCancel,
  submitRef,
}: {
  label: string;
  canSubmit: boolean;
  submitting: boolean;
  onCancel: () => void;
  submitRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
      <Button onClick={onCancel} disabled={submitting}>
        Cancel
      </Button>
      <Button
        ref={submitRef}
        type="submit"
        variant="contained"
        disabled={submitting}
        aria-disabled={!canSubmit}
        className={canSubmit ? undefined : 'Mui-disabled'}
        startIcon={submitting ? <CircularProgress size={16} color="inherit" /> : undefined}
        sx={{ '&.Mui-disabled': { pointerEvents: 'auto', cursor: 'not-allowed' } }}
      >
        {label}
      </Button>
    </Stack>
  );
});
