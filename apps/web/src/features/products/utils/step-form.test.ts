import { describe, expect, it } from '@jest/globals';
import { emptyStepForm, toStepBody, type Step, type StepForm } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { stepJsonFlags, stepToForm } from './step-form';

const form = (over: Partial<StepForm>): StepForm => ({ ...emptyStepForm(), ...over });

describe('the JSON help of the step form', () => {
  it('flags no field while the templates are empty or blank', () => {
    expect(stepJsonFlags(emptyStepForm())).toEqual({});
    expect(
      stepJsonFlags(form({ triggerPayload: '  ', statusPayload: '\n', statusMap: ' ' })),
    ).toEqual({});
  });

  it('says each filled template that is JSON is fine', () => {
    expect(
      stepJsonFlags(
        form({
          triggerPayload: '{"client": "{{clientId}}"}',
          statusPayload: '{"requestId": "{{requestId}}"}',
          statusMap: '{"DONE": "completed"}',
        }),
      ),
    ).toEqual({ triggerPayload: null, statusPayload: null, statusMap: null });
  });

  it('flags only the filled templates', () => {
    expect(stepJsonFlags(form({ statusPayload: '{"method": "GET"}' }))).toEqual({
      statusPayload: null,
    });
  });

  it('names what is wrong with a template that is not JSON, and where', () => {
    expect(
      stepJsonFlags(form({ triggerPayload: '{{clientId}}', statusPayload: '{"job": }' })),
    ).toEqual({
      triggerPayload:
        'Not valid JSON: a {{placeholder}} outside a string (put it in quotes) (line 1, column 1).',
      statusPayload: 'Not valid JSON: unexpected "}" (line 1, column 9).',
    });
  });

  it('asks only the status map to be a JSON object', () => {
    expect(
      stepJsonFlags(form({ triggerPayload: '[1]', statusPayload: '[1]', statusMap: '[1]' })),
    ).toEqual({
      triggerPayload: null,
      statusPayload: null,
      statusMap: 'The status map must be a JSON object, e.g. {"DONE": "completed"}.',
    });
  });

  it('gives no JSON help on the other fields, whatever they hold', () => {
    const flags = stepJsonFlags(
      form({
        stepName: '{',
        pollingDelay: '5',
        requestIdPath: 'data.requestId',
        statusPath: 'data.items[0].status',
        statusMap: '{"DONE": "completed"}',
      }),
    );
    expect(flags).toEqual({ statusMap: null });
  });
});

describe('a stored step as the edit form opens it', () => {
  it('shows every stored field, with the minutes as text', () => {
    const step: Step = fixtures.step({
      stepName: 'publish',
      pollingDelay: 5,
      expectedExecutionTime: 30,
      isPolling: false,
      isRefreshRequired: false,
      shouldRunOnAdd: true,
      shouldRunOnEdit: true,
    });
    expect(stepToForm(step)).toEqual({
      stepName: 'publish',
      pollingDelay: '5',
      expectedExecutionTime: '30',
      triggerPayload: '{"job":"crawl","client":"{{clientId}}"}',
      statusPayload: '{"requestId":"{{requestId}}"}',
      requestIdPath: 'data.requestId',
      statusPath: 'data.status',
      statusMap: '{"DONE":"completed","ERROR":"failed","RUNNING":"in_progress"}',
      isPolling: false,
      isRefreshRequired: false,
      shouldRunOnAdd: true,
      shouldRunOnEdit: true,
    });
  });

  it('shows the default flags as stored', () => {
    const opened = stepToForm(fixtures.step());
    expect(opened).toMatchObject({
      isPolling: true,
      isRefreshRequired: true,
      shouldRunOnAdd: false,
      shouldRunOnEdit: false,
    });
  });

  it('leaves the expected execution time empty when none is stored', () => {
    expect(stepToForm(fixtures.step({ expectedExecutionTime: null })).expectedExecutionTime).toBe(
      '',
    );
    const { expectedExecutionTime: _omitted, ...withoutTime } = fixtures.step();
    expect(stepToForm(withoutTime).expectedExecutionTime).toBe('');
  });

  it('shows zero minutes and fractions of a minute as stored', () => {
    const opened = stepToForm(fixtures.step({ pollingDelay: 0, expectedExecutionTime: 0 }));
    expect(opened).toMatchObject({ pollingDelay: '0', expectedExecutionTime: '0' });
    const fractions = stepToForm(fixtures.step({ pollingDelay: 2.5, expectedExecutionTime: 0.5 }));
    expect(fractions).toMatchObject({ pollingDelay: '2.5', expectedExecutionTime: '0.5' });
  });

  it('sends a stored step back unchanged when nothing is edited', () => {
    const step = fixtures.step({ productId: 7, expectedExecutionTime: null });
    expect(toStepBody(stepToForm(step), 7)).toEqual({
      stepName: 'crawl_keywords',
      productId: 7,
      pollingDelay: 5,
      expectedExecutionTime: null,
      triggerPayload: '{"job":"crawl","client":"{{clientId}}"}',
      statusPayload: '{"requestId":"{{requestId}}"}',
      requestIdPath: 'data.requestId',
      statusPath: 'data.status',
      isPolling: true,
      isRefreshRequired: true,
      shouldRunOnAdd: false,
      shouldRunOnEdit: false,
      statusMap: '{"DONE":"completed","ERROR":"failed","RUNNING":"in_progress"}',
    });
  });
});
