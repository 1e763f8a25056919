import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { PROJECT_SOURCES, type ProjectSource } from '@onboarding/contracts';
import { memo, useId } from 'react';
import type { RetailerOption } from '../utils/retailers';

/**
 * The upstream's updateSetup only adds retailers or changes their nodes, brands and schedule: an
 * item per retailer with at least one node, and no way to drop one. So a stored retailer stays.
 */
const LOCKED_RETAILER_REASON =
  'A retailer already in the setup cannot be removed: an update can add retailers and change their nodes, not remove them.';

export interface RetailerChecklistProps {
  options: readonly RetailerOption[];
  selectedIds: readonly number[];
  /** Retailers that may not be unticked (those already in a setup being edited). */
  lockedIds?: readonly number[];
  onToggle: (retailerId: number, checked: boolean) => void;
  loading: boolean;
  error: string | null;
  disabled?: boolean;
}

/** What operators call the retailer groups (docs/requirements.md#terms, ML / CL). */
const PROJECT_SOURCE_LABELS: Readonly<Record<ProjectSource, string>> = {
  REM: 'Category Leaderboard (CL)',
  MARKETSHARE: 'Marketshare Lite (ML)',
};

/** The retailers as a checkbox group, one group per project source, named in words (CL, ML). */
export const RetailerChecklist = memo(function RetailerChecklist({
  options,
  selectedIds,
  lockedIds = [],
  onToggle,
  loading,
  error,
  disabled,
}: RetailerChecklistProps) {
  const lockedReasonId = useId();
  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend">Select Retailers *</FormLabel>
      {loading ? (
        <CircularProgress size={20} aria-label="Loading retailers" sx={{ mt: 1 }} />
      ) : null}
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ mt: 0.5 }}>
        {PROJECT_SOURCES.map((source) => {
          const group = options.filter((o) => o.projectSource === source);
          if (group.length === 0) return null;
          return (
            <FormGroup key={source} role="group" aria-label={PROJECT_SOURCE_LABELS[source]}>
              <Typography variant="caption" color="text.secondary">
                {PROJECT_SOURCE_LABELS[source]}
              </Typography>
              {group.map((o) => {
                const locked = lockedIds.includes(o.retailerId);
                const item = (
                  <FormControlLabel
                    key={o.retailerId}
                    label={o.retailerName}
                    control={
                      <Checkbox
                        checked={selectedIds.includes(o.retailerId)}
                        disabled={locked}
                        onChange={(e) => onToggle(o.retailerId, e.target.checked)}
                        slotProps={{
                          input: { 'aria-describedby': locked ? lockedReasonId : undefined },
                        }}
                      />
                    }
                  />
                );
                // A disabled control gets no pointer events: the tooltip sits on a wrapper.
                return locked ? (
                  <Tooltip key={o.retailerId} title={LOCKED_RETAILER_REASON} describeChild>
                    <span>{item}</span>
                  </Tooltip>
                ) : (
                  item
                );
              })}
            </FormGroup>
          );
        })}
      </Stack>
      {lockedIds.length > 0 ? (
        <span id={lockedReasonId} hidden>
          {LOCKED_RETAILER_REASON}
        </span>
      ) : null}
    </FormControl>
  );
});
