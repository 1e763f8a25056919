import { describe, expect, it } from '@jest/globals';
import type { StepBody } from '@onboarding/contracts';
import { STEP_FLAGS, STEP_TEXT_FIELDS, stepChanges } from './step-fields';

const loaded: StepBody = {
  stepName: 'crawl_keywords',
  productId: 1,
  pollingDelay: 5,
  expectedExecutionTime: 30,
  triggerPayload: '{"job":"crawl","client":"{{clientId}}"}',
  statusPayload: '{"requestId":"{{requestId}}"}',
  requestIdPath: 'data.requestId',
  statusPath: 'data.status',
  isPolling: true,
  isRefreshRequired: true,
  shouldRunOnAdd: false,
  shouldRunOnEdit: false,
  statusMap: '{"DONE":"completed","ERROR":"failed","RUNNING":"in_progress"}',
};

describe('the step form fields', () => {
  it('lists the text fields in the order they are filled, with their labels and help', () => {
    expect(STEP_TEXT_FIELDS).toEqual([
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
    ]);
  });

  it('marks every field required but the expected execution time', () => {
    expect(STEP_TEXT_FIELDS.filter((f) => !f.required).map((f) => f.field)).toEqual([
      'expectedExecutionTime',
    ]);
  });

  it('lists the four checkboxes in order with their labels', () => {
    expect(STEP_FLAGS).toEqual([
      { field: 'isPolling', label: 'Is Polling' },
      { field: 'isRefreshRequired', label: 'Is Refresh Required' },
      { field: 'shouldRunOnAdd', label: 'Should Run On Add' },
      { field: 'shouldRunOnEdit', label: 'Should Run On Edit' },
    ]);
  });
});

describe('the review of a step update', () => {
  it('shows nothing when what would be sent is what was loaded', () => {
    expect(stepChanges(loaded, { ...loaded })).toEqual([]);
  });

  it('shows each changed field under its form label, in the order of the form', () => {
    const sent: StepBody = { ...loaded, statusMap: '{"DONE":"completed"}', stepName: 'crawl' };
    expect(stepChanges(loaded, sent)).toEqual([
      { label: 'Step Name', before: 'crawl_keywords', after: 'crawl' },
      {
        label: 'Status Map',
        before: '{"DONE":"completed","ERROR":"failed","RUNNING":"in_progress"}',
        after: '{"DONE":"completed"}',
      },
    ]);
  });

  it('shows minutes as numbers and an empty expected execution time as a dash', () => {
    const sent: StepBody = { ...loaded, pollingDelay: 15, expectedExecutionTime: null };
    expect(stepChanges(loaded, sent)).toEqual([
      { label: 'Polling Delay (minutes)', before: '5', after: '15' },
      { label: 'Expected Execution Time (minutes)', before: '30', after: '—' },
    ]);
  });

  it('shows the flags as Yes or No', () => {
    const sent: StepBody = {
      ...loaded,
      isPolling: false,
      isRefreshRequired: false,
      shouldRunOnAdd: true,
      shouldRunOnEdit: true,
    };
    expect(stepChanges(loaded, sent)).toEqual([
      { label: 'Is Polling', before: 'Yes', after: 'No' },
      { label: 'Is Refresh Required', before: 'Yes', after: 'No' },
      { label: 'Should Run On Add', before: 'No', after: 'Yes' },
      { label: 'Should Run On Edit', before: 'No', after: 'Yes' },
    ]);
  });

  it('shows a changed template whole', () => {
    const template = `{"job":"crawl","client":"{{clientId}}","notes":"${'x'.repeat(400)}"}`;
    expect(stepChanges(loaded, { ...loaded, triggerPayload: template })).toEqual([
      { label: 'Trigger Payload', before: loaded.triggerPayload, after: template },
    ]);
  });

  it('shows every field of the form when all change, text fields before flags', () => {
    const sent: StepBody = {
      stepName: 'publish',
      productId: 1,
      pollingDelay: 1,
      expectedExecutionTime: 2,
      triggerPayload: '{}',
      statusPayload: '[]',
      requestIdPath: 'id',
      statusPath: 'state',
      isPolling: false,
      isRefreshRequired: false,
      shouldRunOnAdd: true,
      shouldRunOnEdit: true,
      statusMap: '{"OK":"completed"}',
    };
    expect(stepChanges(loaded, sent).map((change) => change.label)).toEqual([
      'Step Name',
      'Polling Delay (minutes)',
      'Expected Execution Time (minutes)',
      'Trigger Payload',
      'Status Payload',
      'Request Id Path',
      'Status Path',
      'Status Map',
      'Is Polling',
      'Is Refresh Required',
      'Should Run On Add',
      'Should Run On Edit',
    ]);
  });

  it('does not show the product the step belongs to', () => {
    expect(stepChanges(loaded, { ...loaded, productId: 2 })).toEqual([]);
  });
});
