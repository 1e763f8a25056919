export {
  ScheduleEditor,
  SCHEDULE_WEEKDAYS,
  type ScheduleEditorProps,
  type ScheduleValue,
  type ScheduleWeekday,
  type UpcomingRun,
} from './schedule-editor.js';
