import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_SCHEDULE, nowUtcTime, type ScheduleForm } from '@onboarding/contracts';
import { loadOnce, ScheduleEditor, type UpcomingRun } from '@onboarding/ui';
import { memo, useEffect, useId, useMemo, useState } from 'react';
import { localTimeZone } from '../utils/time-zone';

// The summary and the next runs come from rrule (about 30 KB of brotli with its helpers), loaded
// once the schedule is enabled: a form opens with it off, and rrule is not on its first screen.
const loadPreview = loadOnce(() => import('../utils/schedule-preview'));
type Preview = Awaited<ReturnType<typeof loadPreview>>;

/** The preview's code once `wanted`; null until it has arrived (or while its load failed). */
function usePreview(wanted: boolean): Preview | null {
  const [preview, setPreview] = useState<Preview | null>(null);
  useEffect(() => {
    if (!wanted || preview) return;
    let live = true;
    loadPreview().then(
      (module) => {
        if (live) setPreview(module);
      },
      () => undefined, // Asked again the next time the schedule is turned on.
    );
    return () => {
      live = false;
    };
  }, [wanted, preview]);
  return preview;
}

/** The hint under the schedule's enabling checkbox (docs/requirements.md#setup-form-schedule). */
const SCHEDULE_HINT =
  'If the schedule is not selected via this checkbox, there will only be a one-time delivery of the setup, and no recurring data refresh or update will occur.';

export interface ScheduleSectionProps {
  value: ScheduleForm;
  onChange: (value: ScheduleForm) => void;
  errors: Partial<Record<keyof ScheduleForm, string>>;
  /** Today in UTC (`YYYY-MM-DD`), the earliest date offered. */
  today: string;
  /** The zone the next runs are shown in (the operator's by default). */
  timeZone?: string;
  /** "Now", for the next runs (tests pin it). */
  now?: Date;
  disabled?: boolean;
}

/**
 * docs/requirements.md#setup-form-schedule: the start time is 05:30 by default, or the current
 * UTC time. Offered as two choices under the editor, which has no place beside its time field.
 */
function StartTimeChoices({
  onPick,
  now,
  disabled,
}: {
  onPick: (time: string) => void;
  now: Date | undefined;
  disabled: boolean | undefined;
}) {
  const labelId = useId();
  return (
    <Stack
      direction="row"
      spacing={1}
      role="group"
      aria-labelledby={labelId}
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Typography id={labelId} variant="body2" color="text.secondary">
        Start time (UTC):
      </Typography>
      <Button
        size="small"
        variant="outlined"
        disabled={disabled}
        onClick={() => onPick(DEFAULT_SCHEDULE.startTime)}
      >
        {DEFAULT_SCHEDULE.startTime} (default)
      </Button>
      <Button
        size="small"
        variant="outlined"
        disabled={disabled}
        onClick={() => onPick(nowUtcTime(now ?? new Date()))}
      >
        now (UTC)
      </Button>
    </Stack>
  );
}

/** The schedule editor with its live summary and the next five runs in UTC and local time. */
export const ScheduleSection = memo(function ScheduleSection({
  value,
  onChange,
  errors,
  today,
  timeZone,
  now,
  disabled,
}: ScheduleSectionProps) {
  const zone = timeZone ?? localTimeZone();
  const valid = Object.keys(errors).length === 0;
  const preview = usePreview(value.enabled);
  const summary = useMemo(
    () => (preview && value.enabled && valid ? preview.scheduleSummary(value) : null),
    [preview, value, valid],
  );
  const upcoming = useMemo<UpcomingRun[]>(
    () =>
      preview && value.enabled && valid
        ? preview.nextRuns(value, { timeZone: zone, now: now ?? new Date() }).map((run) => ({
            key: run.at.toISOString(),
            utc: run.utcLabel,
            local: run.localLabel,
            shifted: run.shifted,
          }))
        : [],
    [preview, value, valid, zone, now],
  );
  return (
    <Stack spacing={2}>
      <ScheduleEditor
        value={value}
        onChange={onChange}
        errors={errors}
        enableLabel="Enable Schedule"
        hint={SCHEDULE_HINT}
        minDate={today}
        summary={summary}
        upcoming={upcoming}
        localZone={zone}
        shiftWarning={`In your time zone (${zone}) some runs fall on another weekday than the one chosen in UTC.`}
        disabled={disabled}
      />
      {value.enabled ? (
        <StartTimeChoices
          onPick={(startTime) => onChange({ ...value, startTime })}
          now={now}
          disabled={disabled}
        />
      ) : null}
    </Stack>
  );
});
