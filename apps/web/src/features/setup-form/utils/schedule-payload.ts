import { toSchedulePayload, type Schedule, type ScheduleForm } from '@onboarding/contracts';

/** The schedule of an item: the payload when enabled, otherwise null. */
export function schedulePayload(schedule: ScheduleForm | null): Schedule | null {
  return schedule?.enabled ? toSchedulePayload(schedule) : null;
}
