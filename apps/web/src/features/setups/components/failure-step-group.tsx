import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { stepLabel } from '@onboarding/contracts';
import { StatusChip } from '@onboarding/ui';
import { useEffect, useId, useRef } from 'react';
import { formatDateTime } from '@/lib/format-date';
import type { SetupFlow } from '@/lib/setup-flow';
import { selectionOf, type FailedRow, type StepGroup } from '../utils/failure-groups';
import { FailureMessageTable } from './failure-message-table';

/**
 * One failing step on the failure board: its count and newest failure, a tick box for all its
 * rows, and (expanded) a table per failure message.
 */
export function FailureStepGroup({
  flow,
  group,
  selected,
  onToggle,
  retailerNames,
  open,
  onOpenChange,
  target = false,
}: {
  flow: SetupFlow;
  group: StepGroup;
  /** Kept by the board, so that a group made anew (a filter changed) stays as it was. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The step the address names (`?step=`, from the health screen): shown and focused. */
  target?: boolean;
  selected: ReadonlySet<string>;
  onToggle: (rows: readonly FailedRow[], on: boolean) => void;
  retailerNames: ReadonlyMap<number, string> | undefined;
}) {
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!target) return;
    toggle.current?.scrollIntoView({ block: 'start' });
    toggle.current?.focus();
  }, [target]);
  const headingId = useId();
  const panelId = useId();
  const rows = group.messages.flatMap((m) => m.rows);
  const label = group.stepName ? stepLabel(group.stepName) : 'No step';
  const state = selectionOf(rows, selected);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} data-step={label}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', px: 1, py: 0.5, gap: 1, flexWrap: 'wrap' }}
      >
        <Checkbox
          {...state}
          onChange={(e) => onToggle(rows, e.target.checked)}
          slotProps={{ input: { 'aria-label': `Select all ${group.count} rows of ${label}` } }}
        />
        <Typography id={headingId} component="h2" variant="h6" sx={{ flexGrow: 1 }}>
          <Button
            ref={toggle}
            onClick={() => onOpenChange(!open)}
            aria-expanded={open}
            aria-controls={panelId}
            endIcon={
              <ExpandMore
                sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: '0.2s' }}
              />
            }
            sx={{ typography: 'h6', textTransform: 'none', color: 'text.primary' }}
          >
            {label}
          </Button>
        </Typography>
        <StatusChip label={`${group.count} failed`} tone="red" />
        {/* On a narrow screen the date goes under the step, not past the edge. */}
        <Typography variant="body2" color="text.secondary" sx={{ minWidth: 170, pl: 1 }}>
          Newest: {formatDateTime(group.newest)}
        </Typography>
      </Stack>
      <Collapse in={open} id={panelId} unmountOnExit>
        <Box sx={{ px: 2, pb: 2 }}>
          {group.messages.map((m) => (
            <FailureMessageTable
              key={m.message ?? ''}
              flow={flow}
              message={m.message}
              rows={m.rows}
              selected={selected}
              onToggle={onToggle}
              retailerNames={retailerNames}
            />
          ))}
        </Box>
      </Collapse>
    </Paper>
  );
}
