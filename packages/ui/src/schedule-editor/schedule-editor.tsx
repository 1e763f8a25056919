import WarningAmber from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

export const SCHEDULE_WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type ScheduleWeekday = (typeof SCHEDULE_WEEKDAYS)[number];

const WEEKDAY_NAMES: Record<ScheduleWeekday, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};

/** A weekly recurrence as the editor edits it (dates `YYYY-MM-DD`, time `HH:MM` in UTC). */
export interface ScheduleValue {
  enabled: boolean;
  freq: 'WEEKLY';
  /** NaN while the field is empty. */
  interval: number;
  byweekday: ScheduleWeekday[];
  startDate: string;
  startTime: string;
  end: 'NEVER' | 'ON_DATE';
  endDate: string | null;
}

/** One upcoming run, already written out in UTC and in the viewer's zone. */
export interface UpcomingRun {
  key: string;
  utc: string;
  local: string;
  /** The run falls on another weekday locally than in UTC. */
  shifted: boolean;
}

export interface ScheduleEditorProps {
  value: ScheduleValue;
  onChange: (next: ScheduleValue) => void;
  /** Field → message; each is shown under its field. */
  errors?: Partial<Record<keyof ScheduleValue, string>>;
  enableLabel?: string;
  /** Shown under the enabling checkbox. */
  hint?: ReactNode;
  /** Earliest date offered by the date inputs (`YYYY-MM-DD`). */
  minDate?: string;
  /** The recurrence in words (shown when the schedule is enabled and valid). */
  summary?: string | null;
  upcoming?: readonly UpcomingRun[];
  /** The viewer's IANA zone name, for the column heading. */
  localZone?: string;
  /** Shown when any upcoming run falls on another weekday locally. */
  shiftWarning?: ReactNode;
  disabled?: boolean;
}

/**
 * A weekly recurrence editor: an enabling checkbox with its hint, then frequency, interval,
 * weekdays, start date and UTC time, and an end (never or on a date). Optionally shows the
 * recurrence in words and the next runs in UTC and local time.
 */
export function ScheduleEditor({
  value,
  onChange,
  errors = {},
  enableLabel = 'Enable Schedule',
  hint,
  minDate,
  summary,
  upcoming = [],
  localZone,
  shiftWarning,
  disabled = false,
}: ScheduleEditorProps) {
  const hintId = useId();
  const weekdaysLabelId = useId();
  const endLabelId = useId();
  const set = <K extends keyof ScheduleValue>(key: K, next: ScheduleValue[K]) =>
    onChange({ ...value, [key]: next });
  const anyShifted = upcoming.some((run) => run.shifted);

  return (
    <Stack spacing={2} component="section" aria-label="Schedule">
      <Box>
        <FormControlLabel
          control={
            <Checkbox
              checked={value.enabled}
              onChange={(e) => set('enabled', e.target.checked)}
              disabled={disabled}
              slotProps={{ input: { 'aria-describedby': hint ? hintId : undefined } }}
            />
          }
          label={enableLabel}
        />
        {hint ? (
          <Typography id={hintId} variant="body2" color="text.secondary">
            {hint}
          </Typography>
        ) : null}
      </Box>

      {value.enabled ? (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label="Frequency"
              value={value.freq}
              onChange={() => set('freq', 'WEEKLY')}
              disabled={disabled}
              size="small"
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="WEEKLY">WEEKLY</MenuItem>
            </TextField>
            <TextField
              label="Interval (weeks)"
              type="number"
              size="small"
              value={Number.isNaN(value.interval) ? '' : value.interval}
              onChange={(e) =>
                set('interval', e.target.value === '' ? Number.NaN : Number(e.target.value))
              }
              error={Boolean(errors.interval)}
              helperText={errors.interval}
              disabled={disabled}
              slotProps={{ htmlInput: { min: 1, step: 1 } }}
              sx={{ width: 160 }}
            />
          </Stack>

          <FormControl component="fieldset" disabled={disabled}>
            <FormLabel component="legend" id={weekdaysLabelId}>
              Weekdays
            </FormLabel>
            <ToggleButtonGroup
              value={value.byweekday}
              onChange={(_e, next: ScheduleWeekday[]) =>
                set(
                  'byweekday',
                  SCHEDULE_WEEKDAYS.filter((d) => next.includes(d)),
                )
              }
              aria-labelledby={weekdaysLabelId}
              size="small"
              color="primary"
              disabled={disabled}
              sx={{ flexWrap: 'wrap', mt: 0.5 }}
            >
              {SCHEDULE_WEEKDAYS.map((day) => (
                <ToggleButton key={day} value={day} title={WEEKDAY_NAMES[day]} sx={{ px: 1.5 }}>
                  {day}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            {errors.byweekday ? <FormHelperText error>{errors.byweekday}</FormHelperText> : null}
          </FormControl>

          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Start Date"
              type="date"
              size="small"
              value={value.startDate}
              onChange={(e) => set('startDate', e.target.value)}
              error={Boolean(errors.startDate)}
              helperText={errors.startDate}
              disabled={disabled}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: minDate } }}
            />
            <TextField
              label="Start Time (UTC)"
              type="time"
              size="small"
              value={value.startTime}
              onChange={(e) => set('startTime', e.target.value)}
              error={Boolean(errors.startTime)}
              helperText={errors.startTime}
              disabled={disabled}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>

          <FormControl component="fieldset" disabled={disabled}>
            <FormLabel component="legend" id={endLabelId}>
              End
            </FormLabel>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: 'flex-start' }}
            >
              <RadioGroup
                row
                aria-labelledby={endLabelId}
                value={value.end}
                onChange={(e) => {
                  const end = e.target.value === 'ON_DATE' ? 'ON_DATE' : 'NEVER';
                  onChange({ ...value, end, endDate: end === 'NEVER' ? null : value.endDate });
                }}
              >
                <FormControlLabel value="NEVER" control={<Radio />} label="NEVER" />
                <FormControlLabel value="ON_DATE" control={<Radio />} label="ON DATE" />
              </RadioGroup>
              {value.end === 'ON_DATE' ? (
                <TextField
                  label="End Date"
                  type="date"
                  size="small"
                  value={value.endDate ?? ''}
                  onChange={(e) => set('endDate', e.target.value === '' ? null : e.target.value)}
                  error={Boolean(errors.endDate)}
                  helperText={errors.endDate}
                  disabled={disabled}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: minDate } }}
                />
              ) : null}
            </Stack>
          </FormControl>

          {summary ? (
            <Box aria-live="polite">
              <Typography variant="subtitle2" component="p">
                Summary
              </Typography>
              <Typography variant="body2" data-testid="schedule-summary">
                {summary}
              </Typography>
            </Box>
          ) : null}

          {upcoming.length > 0 ? (
            <Box>
              {anyShifted && shiftWarning ? (
                <Alert severity="warning" sx={{ mb: 1 }}>
                  {shiftWarning}
                </Alert>
              ) : null}
              <Table size="small" aria-label="Next runs" sx={{ maxWidth: 640 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Next runs (UTC)</TableCell>
                    <TableCell>{localZone ? `Local time (${localZone})` : 'Local time'}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {upcoming.map((run) => (
                    <TableRow key={run.key} data-shifted={run.shifted || undefined}>
                      <TableCell>{run.utc}</TableCell>
                      <TableCell>
                        <Box
                          component="span"
                          sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}
                        >
                          {run.local}
                          {run.shifted ? (
                            <WarningAmber
                              fontSize="small"
                              color="warning"
                              titleAccess="Another weekday than in UTC"
                            />
                          ) : null}
                        </Box>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
