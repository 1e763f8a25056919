import type { ScheduleForm } from '@onboarding/contracts';
import { ScheduleEditor, type UpcomingRun } from '@onboarding/ui';
import { memo, useMemo } from 'react';
import { localTimeZone, nextRuns, scheduleSummary } from '../utils/schedule-preview';

/** Spec §2: the hint under the schedule's enabling checkbox. */
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
  const summary = useMemo(
    () => (value.enabled && valid ? scheduleSummary(value) : null),
    [value, valid],
  );
  const upcoming = useMemo<UpcomingRun[]>(
    () =>
      value.enabled && valid
        ? nextRuns(value, { timeZone: zone, now: now ?? new Date() }).map((run) => ({
            key: run.at.toISOString(),
            utc: run.utcLabel,
            local: run.localLabel,
            shifted: run.shifted,
          }))
        : [],
    [value, valid, zone, now],
  );
  return (
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
  );
});
