import { describe, expect, it } from '@jest/globals';
import {
  accountNameError,
  defaultScheduleForm,
  emptyStepForm,
  MAX_BROWSE_NODES,
  MESSAGES,
  normalizeStartTime,
  ProductFormSchema,
  PROMPT_VARIABLE_NAME_MAX,
  PROMPT_VARIABLES_MAX,
  promptVariablesError,
  scheduleFormErrors,
  setupFormError,
  stepFormErrors,
  toSchedulePayload,
  toStepBody,
  type StepForm,
} from '../src/index.js';

/**
 * The spec's form rules at their bounds (docs/requirements.md), where the first finished mutation
 * run found a rule that moved by one, or a field left untrimmed, with no contracts test noticing.
 */
describe('the setup form at its bounds', () => {
  it('an account name of exactly 3 characters may go to the server check', () => {
    expect(accountNameError(' abc ')).toBeNull();
    expect(accountNameError('ab')).toBe(MESSAGES.minimumCharacters);
  });

  const form = (nodeCounts: number[]) => ({
    isLoading: false,
    clientName: 'acme',
    clientNameErrorMessage: '',
    isNewClient: false,
    clientId: 7,
    brands: '',
    selectedRetailers: nodeCounts.map((nodeCount, i) => ({ retailerId: i + 1, nodeCount })),
  });

  it(`submits with ${MAX_BROWSE_NODES} nodes on a retailer, not with one more on any`, () => {
    expect(setupFormError(form([MAX_BROWSE_NODES, 1]))).toBeNull();
    expect(setupFormError(form([1, MAX_BROWSE_NODES + 1]))).toBe(MESSAGES.provideAllRequired);
  });
});

describe('the prompt form at its bounds', () => {
  const names = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`);

  it(`takes ${PROMPT_VARIABLES_MAX} variables of up to ${PROMPT_VARIABLE_NAME_MAX} characters`, () => {
    expect(promptVariablesError(names(PROMPT_VARIABLES_MAX))).toBeNull();
    expect(promptVariablesError(['x'.repeat(PROMPT_VARIABLE_NAME_MAX)])).toBeNull();
    expect(promptVariablesError(names(PROMPT_VARIABLES_MAX + 1))).toBe(
      `A prompt can have at most ${PROMPT_VARIABLES_MAX} variables.`,
    );
    expect(promptVariablesError(['x'.repeat(PROMPT_VARIABLE_NAME_MAX + 1)])).toMatch(
      /^A variable name can have at most 100 characters: \{\{x{20}…\}\}$/,
    );
  });
});

describe('the product and step forms', () => {
  it('a product name needs more than 3 characters, spaces not counted', () => {
    expect(ProductFormSchema.safeParse({ productName: ' abcd ', productPath: '' }).success).toBe(
      true,
    );
    expect(
      ProductFormSchema.safeParse({ productName: ' abc ', productPath: '' }).error?.issues.map(
        (i) => i.message,
      ),
    ).toEqual(['Product name must be longer than 3 characters']);
  });

  const step = (over: Partial<StepForm>): StepForm => ({
    ...emptyStepForm(),
    stepName: 'catalog_sync',
    pollingDelay: '5',
    triggerPayload: '{}',
    statusPayload: '{}',
    requestIdPath: '$.id',
    statusPath: '$.status',
    statusMap: '{}',
    ...over,
  });

  it('minutes are a number of zero or more; the expected time may be left empty', () => {
    for (const minutes of ['0', '2.5', ' 7 '])
      expect(
        stepFormErrors(step({ pollingDelay: minutes, expectedExecutionTime: minutes })),
      ).toEqual({});
    expect(stepFormErrors(step({ expectedExecutionTime: '' }))).toEqual({});
    for (const minutes of ['-1', 'soon'])
      expect(
        stepFormErrors(step({ pollingDelay: minutes, expectedExecutionTime: minutes })),
      ).toEqual({
        pollingDelay: 'Must be a number of minutes',
        expectedExecutionTime: 'Must be a number of minutes',
      });
  });

  it('names each field once, with its first message', () => {
    expect(stepFormErrors(step({ pollingDelay: '', statusMap: ' ' }))).toEqual({
      pollingDelay: MESSAGES.fieldRequired,
      statusMap: MESSAGES.fieldRequired,
    });
  });

  it('sends every text field trimmed, and no expected time as null', () => {
    const padded = step({
      stepName: ' catalog_sync ',
      pollingDelay: ' 5 ',
      expectedExecutionTime: ' ',
      triggerPayload: ' {} ',
      statusPayload: ' {"a":1} ',
      requestIdPath: ' $.id ',
      statusPath: ' $.status ',
      statusMap: ' {"DONE":"COMPLETED"} ',
    });
    expect(toStepBody(padded, 3)).toMatchObject({
      stepName: 'catalog_sync',
      pollingDelay: 5,
      expectedExecutionTime: null,
      triggerPayload: '{}',
      statusPayload: '{"a":1}',
      requestIdPath: '$.id',
      statusPath: '$.status',
      statusMap: '{"DONE":"COMPLETED"}',
    });
    expect(toStepBody(step({ expectedExecutionTime: ' 90 ' }), 3).expectedExecutionTime).toBe(90);
  });
});

describe('the schedule', () => {
  it('reads a stored start time as HH:MM, and keeps one that is no time of day as it is', () => {
    expect(normalizeStartTime('5:30')).toBe('05:30');
    expect(normalizeStartTime('23:59:00')).toBe('23:59');
    expect(normalizeStartTime('24:00')).toBe('24:00');
    expect(normalizeStartTime('12:60')).toBe('12:60');
  });

  const today = '2026-11-26';
  const onDate = (startDate: string, endDate: string | null) => ({
    ...defaultScheduleForm(today),
    enabled: true,
    startDate,
    end: 'ON_DATE' as const,
    endDate,
  });

  it('an end date is needed, and is neither before today nor before the start', () => {
    expect(scheduleFormErrors(onDate(today, today), today)).toEqual({});
    expect(scheduleFormErrors(onDate(today, null), today)).toEqual({
      endDate: MESSAGES.scheduleEndDateRequired,
    });
    expect(scheduleFormErrors(onDate('2026-12-10', '2026-12-01'), today)).toEqual({
      endDate: MESSAGES.scheduleInvalidDate,
    });
    expect(scheduleFormErrors(onDate(today, '2026-11-25'), today).endDate).toBe(
      MESSAGES.scheduleInvalidDate,
    );
  });

  it('sends the end date only for a schedule that ends on one', () => {
    expect(toSchedulePayload(onDate(today, '2026-12-24'))).toHaveProperty('endDate', '2026-12-24');
    expect(toSchedulePayload({ ...onDate(today, '2026-12-24'), end: 'NEVER' })).not.toHaveProperty(
      'endDate',
    );
    expect(toSchedulePayload(onDate(today, null))).not.toHaveProperty('endDate');
  });
});
