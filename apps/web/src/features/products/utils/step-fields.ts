import type { StepBody, StepForm } from '@onboarding/contracts';
import { diffFields, type FieldChange } from '@onboarding/ui';

type StepTextField = Exclude<
  keyof StepForm,
  'isPolling' | 'isRefreshRequired' | 'shouldRunOnAdd' | 'shouldRunOnEdit'
>;
type StepFlagField = Exclude<keyof StepForm, StepTextField>;

interface TextFieldSpec {
  field: StepTextField;
  label: string;
  required: boolean;
  kind: 'text' | 'minutes' | 'json';
  placeholder?: string;
  helper?: string;
}

/** Every Step field (docs/requirements.md#step-form), in the order the operator fills them. */
export const STEP_TEXT_FIELDS: readonly TextFieldSpec[] = [
  { field: 'stepName', label: 'Step Name', required: true, kind: 'text' },
  { field: 'pollingDelay', label: 'Polling Delay (minutes)', required: true, kind: 'minutes' },
  {
    field: 'expectedExecutionTime',
    label: 'Expected Execution Time (minutes)',
    required: false,
    kind: 'minutes',
    helper: 'Optional.',
  },
  {
    field: 'triggerPayload',
    label: 'Trigger Payload',
    required: true,
    kind: 'json',
    placeholder: '{"url": "https://…/start", "body": {"clientId": "{{clientId}}"}}',
  },
  {
    field: 'statusPayload',
    label: 'Status Payload',
    required: true,
    kind: 'json',
    placeholder: '{"url": "https://…/status/{{requestId}}", "method": "GET"}',
  },
  {
    field: 'requestIdPath',
    label: 'Request Id Path',
    required: true,
    kind: 'text',
    placeholder: 'data.requestId',
  },
  {
    field: 'statusPath',
    label: 'Status Path',
    required: true,
    kind: 'text',
    placeholder: 'data.items[0].status',
  },
  {
    field: 'statusMap',
    label: 'Status Map',
    required: true,
    kind: 'json',
    placeholder: '{"RUNNING": "in_progress", "DONE": "completed", "ERROR": "failed"}',
  },
];

export const STEP_FLAGS: readonly { field: StepFlagField; label: string }[] = [
  { field: 'isPolling', label: 'Is Polling' },
  { field: 'isRefreshRequired', label: 'Is Refresh Required' },
  { field: 'shouldRunOnAdd', label: 'Should Run On Add' },
  { field: 'shouldRunOnEdit', label: 'Should Run On Edit' },
];

/**
 * What an update-step changes (docs/requirements.md#step-review): the fields whose sent value
 * differs between the step as loaded and as it would be sent, under the form's labels, in its
 * order; flags as Yes/No, an empty expected time as `—`, templates whole.
 */
export function stepChanges(before: StepBody, after: StepBody): FieldChange[] {
  return diffFields(before, after, [
    ...STEP_TEXT_FIELDS.map(({ field, label }) => [field, label] as const),
    ...STEP_FLAGS.map(({ field, label }) => [field, label] as const),
  ]);
}
