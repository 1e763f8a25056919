import { describe, expect, it } from '@jest/globals';
import {
  accountNameError,
  clientSetupExistsError,
  defaultScheduleForm,
  deriveProductRetailer,
  extractPromptVariables,
  fillPromptVariables,
  isAllowedAccountNameKey,
  isLegacyFormSaveable,
  isProductSaveEnabled,
  legacyClientNameError,
  legacyOps,
  plainSearchText,
  remOmniOps,
  legacySearchText,
  legacyStatusError,
  limitAccountName,
  loginEmailError,
  maxBrowseNodesError,
  PromptFormSchema,
  PromptMetadataInputSchema,
  promptVariablesError,
  PromptVariableNameSchema,
  prospectExistsError,
  reconcileVariableValues,
  scheduleFormErrors,
  selectedModules,
  setupFormError,
  splitBrands,
  stepFormErrors,
  stepLabel,
  toSchedulePayload,
  toStepBody,
  toStepOrderBody,
  emptyStepForm,
  type LegacySetupForm,
  type ScheduleForm,
  type SetupFormValidityInput,
} from '../src/index.js';

describe('prospect account name (docs/requirements.md#setup-form-prospect-name)', () => {
  it.each([
    ['', 'Minimum 3 characters required'],
    ['ab', 'Minimum 3 characters required'],
    ['  ab  ', 'Minimum 3 characters required'],
    ['Acme1', 'Special characters are not allowed'],
    ['Acme & Co', 'Special characters are not allowed'],
    ['Acme_Co', 'Special characters are not allowed'],
    ['Acme Foods', null],
    ['Acme-Foods', null],
    ['  Café Noël  ', null],
    ['Ωmega Φoods', null],
    ['Пример', null],
  ])('%j gives %j on blur', (value, message) => {
    expect(accountNameError(value)).toBe(message);
  });

  it.each([
    ['a', true],
    ['É', true],
    ['λ', true],
    ['ж', true],
    ['7', true],
    [' ', true],
    ['-', true],
    ['Enter', true],
    ['_', false],
    ['&', false],
    ['@', false],
    ['.', false],
  ])('the keypress filter lets %j through: %s', (key, allowed) => {
    expect(isAllowedAccountNameKey(key)).toBe(allowed);
  });

  it('limits the input to 25 characters', () => {
    expect(limitAccountName('a'.repeat(30))).toHaveLength(25);
  });
});

describe('existence checks', () => {
  it('A customer already exists when the prospect exists', () => {
    expect(prospectExistsError([{ isClientExists: true }])).toBe('A customer already exists');
    expect(prospectExistsError([{ isClientExists: false }])).toBeNull();
  });

  it('asks to edit the existing setup when the client already has one', () => {
    expect(clientSetupExistsError([{ isClientExists: true }])).toBe(
      'A customer setup already exists, please edit the existing setup.',
    );
    expect(clientSetupExistsError([{ isClientExists: false }])).toBeNull();
  });
});

describe('setup form validity (docs/requirements.md#setup-form-validity)', () => {
  const valid: SetupFormValidityInput = {
    isLoading: false,
    isNewClient: true,
    clientName: 'acme foods',
    clientId: null,
    clientNameErrorMessage: '',
    brands: 'Acme',
    selectedRetailers: [{ retailerId: 4, nodeCount: 2 }],
  };

  it('accepts a complete prospect form', () => {
    expect(setupFormError(valid)).toBeNull();
  });

  it('accepts an existing client without brands', () => {
    expect(setupFormError({ ...valid, isNewClient: false, clientId: 12, brands: '' })).toBeNull();
  });

  it.each<[string, Partial<SetupFormValidityInput>]>([
    ['while loading', { isLoading: true }],
    ['without a client name', { clientName: '  ' }],
    ['with a name error', { clientNameErrorMessage: 'A customer already exists' }],
    ['for an existing client not picked', { isNewClient: false, clientId: null }],
    ['with no retailer', { selectedRetailers: [] }],
    [
      'when a retailer has no nodes',
      {
        selectedRetailers: [
          { retailerId: 4, nodeCount: 2 },
          { retailerId: 7, nodeCount: 0 },
        ],
      },
    ],
    ['with more than 50 nodes', { selectedRetailers: [{ retailerId: 4, nodeCount: 51 }] }],
    ['for a prospect without brands', { brands: ' , ,' }],
  ])('says Please provide all required fields %s', (_case, change) => {
    expect(setupFormError({ ...valid, ...change })).toBe('Please provide all required fields');
  });

  it('splits brands on commas, trims and drops empty parts', () => {
    expect(splitBrands(' Acme, Acme Kids ,, ,Zeta')).toEqual(['Acme', 'Acme Kids', 'Zeta']);
    expect(splitBrands('')).toEqual([]);
  });

  it('allows 50 nodes and refuses 51 with the spec message', () => {
    expect(maxBrowseNodesError(50)).toBeNull();
    expect(maxBrowseNodesError(51)).toBe('Maximum 50 browse nodes are allowed');
  });
});

describe('schedule (docs/requirements.md#setup-form-schedule)', () => {
  const today = '2026-11-21';
  const form = (change: Partial<ScheduleForm> = {}): ScheduleForm => ({
    ...defaultScheduleForm(today),
    enabled: true,
    ...change,
  });

  it('defaults to weekly, every week, on Wednesday, 05:30 UTC, from today, never ending', () => {
    expect(defaultScheduleForm(today)).toEqual({
      enabled: false,
      freq: 'WEEKLY',
      interval: 1,
      byweekday: ['WE'],
      startDate: today,
      startTime: '05:30',
      end: 'NEVER',
      endDate: null,
    });
  });

  it.each<[string, Partial<ScheduleForm>, Partial<Record<keyof ScheduleForm, string>>]>([
    ['valid defaults', {}, {}],
    ['interval 0', { interval: 0 }, { interval: 'Invalid Input.' }],
    ['interval not a number', { interval: Number.NaN }, { interval: 'Invalid Input.' }],
    ['start date in the past', { startDate: '2026-11-20' }, { startDate: 'Invalid Date.' }],
    ['start date not a date', { startDate: '2026-13-45' }, { startDate: 'Invalid Date.' }],
    [
      'end on date without a date',
      { end: 'ON_DATE', endDate: null },
      { endDate: 'End Date is required.' },
    ],
    [
      'end date in the past',
      { end: 'ON_DATE', endDate: '2026-01-01' },
      { endDate: 'Invalid Date.' },
    ],
    ['end date today', { end: 'ON_DATE', endDate: today }, {}],
    ['end date ignored when never ending', { end: 'NEVER', endDate: '2020-01-01' }, {}],
  ])('%s', (_case, change, errors) => {
    expect(scheduleFormErrors(form(change), today)).toEqual(errors);
  });

  it('builds the payload with UTC time, omitting byweekday when empty and endDate when never', () => {
    expect(toSchedulePayload(form({ byweekday: [] }))).toEqual({
      freq: 'WEEKLY',
      interval: 1,
      startTime: '05:30',
      startDate: today,
    });
    expect(
      toSchedulePayload(
        form({ byweekday: ['MO', 'FR'], interval: 2, end: 'ON_DATE', endDate: '2027-01-31' }),
      ),
    ).toEqual({
      freq: 'WEEKLY',
      interval: 2,
      byweekday: ['MO', 'FR'],
      startTime: '05:30',
      startDate: today,
      endDate: '2027-01-31',
    });
  });
});

describe('product and step (docs/requirements.md#product-form-rules, docs/requirements.md#step-form-rules)', () => {
  it.each([
    ['abc', false],
    ['  abcd  ', true],
    ['abcd', true],
    ['    ', false],
  ])('product name %j enables saving: %s', (name, enabled) => {
    expect(isProductSaveEnabled(name)).toBe(enabled);
  });

  it("derives the product's retailer from its path", () => {
    expect(deriveProductRetailer('/dashboard/amazon/share-of-voice')).toBe('amazon');
    expect(deriveProductRetailer('walmart')).toBe('walmart');
  });

  it('requires the seven step fields with This field is required.', () => {
    expect(stepFormErrors(emptyStepForm())).toEqual({
      stepName: 'This field is required.',
      pollingDelay: 'This field is required.',
      triggerPayload: 'This field is required.',
      statusPayload: 'This field is required.',
      requestIdPath: 'This field is required.',
      statusPath: 'This field is required.',
      statusMap: 'This field is required.',
    });
  });

  it('treats whitespace as empty and leaves the expected execution time optional', () => {
    const form = {
      ...emptyStepForm(),
      stepName: ' crawl ',
      pollingDelay: '5',
      triggerPayload: '{}',
      statusPayload: '{}',
      requestIdPath: 'id',
      statusPath: '   ',
      statusMap: '{}',
    };
    expect(stepFormErrors(form)).toEqual({ statusPath: 'This field is required.' });
  });

  it('defaults isRefreshRequired to true and the run flags to false, and trims on submit', () => {
    const form = {
      ...emptyStepForm(),
      stepName: ' crawl ',
      pollingDelay: ' 5 ',
      triggerPayload: ' {} ',
      statusPayload: '{}',
      requestIdPath: 'id',
      statusPath: 'status',
      statusMap: '{}',
    };
    expect(toStepBody(form, 3)).toEqual({
      stepName: 'crawl',
      productId: 3,
      pollingDelay: 5,
      expectedExecutionTime: null,
      triggerPayload: '{}',
      statusPayload: '{}',
      requestIdPath: 'id',
      statusPath: 'status',
      isPolling: false,
      isRefreshRequired: true,
      shouldRunOnAdd: false,
      shouldRunOnEdit: false,
      statusMap: '{}',
    });
  });

  it('renumbers kept steps from 1 and lists deleted ones', () => {
    expect(toStepOrderBody([30, 10, 20], [10])).toEqual({
      stepData: [
        { id: 30, order: 1 },
        { id: 20, order: 2 },
      ],
      stepToDelete: [10],
    });
  });
});

describe('prompt (docs/requirements.md#prompt-form, docs/requirements.md#prompt-variables)', () => {
  it('requires name and prompt text, business context optional', () => {
    expect(
      PromptFormSchema.safeParse({ name: 'x', prompt: 'y', businessContext: '' }).success,
    ).toBe(true);
    expect(
      PromptFormSchema.safeParse({ name: ' ', prompt: 'y', businessContext: '' }).success,
    ).toBe(false);
    expect(PromptFormSchema.safeParse({ name: 'x', prompt: '', businessContext: '' }).success).toBe(
      false,
    );
  });

  it.each([
    ['Hello {{name}}', ['name']],
    ['{{a}} and {{b}} and {{a}}', ['a', 'b']],
    ['{{ spaced }}', ['spaced']],
    [
      '{{brand name}} on {{ retailer-id }} in {{1st week}}',
      ['brand name', 'retailer-id', '1st week'],
    ],
    ['{single} {{unclosed} {{}} {{ }} {{a\nb}} {{{w}}} {{ok_1}}', ['w', 'ok_1']],
    ['no variables', []],
  ])('finds the variables of %j', (text, variables) => {
    expect(extractPromptVariables(text)).toEqual(variables);
  });

  it('the gateway takes as metadata keys every variable the form finds, and only those', () => {
    const text = 'Describe {{brand name}} on {{ retailer-id }} for {{Été 2026}} and {{x}}';
    const variables = Object.fromEntries(extractPromptVariables(text).map((v) => [v, 'value']));
    expect(Object.keys(variables)).toHaveLength(4);
    expect(PromptMetadataInputSchema.safeParse({ name: 'Brand', variables }).success).toBe(true);
    for (const key of ['', ' brand', 'brand ', 'a{b', 'a}b', 'line\nbreak', 'x'.repeat(101)]) {
      expect({ key, accepted: PromptVariableNameSchema.safeParse(key).success }).toEqual({
        key,
        accepted: false,
      });
    }
  });

  it('says why variables cannot be saved: too many, or a name too long', () => {
    expect(promptVariablesError(['a', 'b'])).toBeNull();
    expect(promptVariablesError(Array.from({ length: 101 }, (_v, i) => `v${i}`))).toBe(
      'A prompt can have at most 100 variables.',
    );
    expect(promptVariablesError(['ok', 'n'.repeat(101)])).toBe(
      `A variable name can have at most 100 characters: {{${'n'.repeat(20)}…}}`,
    );
  });

  it('keeps values of remaining variables, drops removed ones, adds new ones empty', () => {
    expect(reconcileVariableValues(['b', 'c'], { a: '1', b: '2' })).toEqual({ b: '2', c: '' });
  });

  it('fills variables for the preview and leaves unfilled ones visible', () => {
    expect(fillPromptVariables('{{a}} / {{b}}', { a: 'x', b: '' })).toBe('x / {{b}}');
  });
});

describe('legacy setup (docs/requirements.md#legacy-form)', () => {
  it.each([
    ['', 'Client name required'],
    ['   ', 'Client name required'],
    ['Acme & Co', 'Special characters are not allowed'],
    ['Café', 'Special characters are not allowed'],
    ['Acme 2 - West', null],
  ])('client name %j gives %j', (name, message) => {
    expect(legacyClientNameError(name)).toBe(message);
  });

  const form: LegacySetupForm = {
    clientName: 'Initech',
    startDate: '',
    avcDate: '',
    amsDate: '',
    currentStatus: '',
    statusDetails: '',
    expectedSignoffDate: '',
    modules: [
      { id: 'ciqSales', name: 'CIQ Sales', regions: ['US'], isSelected: true },
      { id: 'rra', name: 'RRA', regions: [], isSelected: false },
    ],
  };

  it('needs a status to save and asks for one when a signoff date is set', () => {
    expect(isLegacyFormSaveable(form)).toBe(false);
    expect(legacyStatusError({ ...form, expectedSignoffDate: '2026-12-01' })).toBe(
      'Please select status',
    );
    expect(legacyStatusError(form)).toBeNull();
    expect(isLegacyFormSaveable({ ...form, currentStatus: 'onTrack' })).toBe(true);
  });

  it('in edit mode the stored name, read-only, does not block saving whatever its characters', () => {
    for (const clientName of ['P&G', 'Thistle Tea Co.', 'Nestlé']) {
      const stored = { ...form, clientName, currentStatus: 'onTrack' };
      expect({ clientName, add: isLegacyFormSaveable(stored, 'add') }).toEqual({
        clientName,
        add: false,
      });
      expect({ clientName, edit: isLegacyFormSaveable(stored, 'edit') }).toEqual({
        clientName,
        edit: true,
      });
      expect(
        legacyOps.editSetup.body!.safeParse({
          clientName,
          currentStatus: 'onTrack',
          modules: [],
          setupId: 1,
        }).success,
      ).toBe(true);
    }
    expect(
      isLegacyFormSaveable({ ...form, clientName: ' ', currentStatus: 'onTrack' }, 'edit'),
    ).toBe(false);
  });

  it('trims the ongoing search and cuts it to what the call takes', () => {
    const long = `  ${'a'.repeat(99)} ${'b'.repeat(50)}  `;
    expect(legacySearchText(long)).toBe('a'.repeat(99));
    expect(legacySearchText('  globex  ')).toBe('globex');
    expect(
      legacyOps.ongoing.body!.safeParse({
        searchText: legacySearchText(long),
        limit: 20,
        offset: 0,
      }).success,
    ).toBe(true);
  });

  it('turns a pasted tab or line break into a space and drops other control characters', () => {
    expect(plainSearchText('acme\tfoods\r\nkids')).toBe('acme foods  kids');
    expect(plainSearchText('\u0000\u202eglo\u2066bex\u0085')).toBe('globex');
    expect(legacySearchText(' \tinitech\u202e ')).toBe('initech');
    const pasted = plainSearchText('\u0000\u202e<script>\tx');
    expect(
      remOmniOps.allSetup.body!.safeParse({ searchText: pasted, limit: 20, offset: 0 }).success,
    ).toBe(true);
  });

  it('sends only the selected modules, without the form flag', () => {
    expect(selectedModules(form.modules)).toEqual([
      { id: 'ciqSales', name: 'CIQ Sales', regions: ['US'] },
    ]);
  });
});

describe('login (docs/requirements.md#login-email-rule)', () => {
  it.each([
    ['', 'Please enter an email ID.'],
    ['   ', 'Please enter an email ID.'],
    ['operator@example.com', null],
  ])('%j gives %j', (email, message) => {
    expect(loginEmailError(email)).toBe(message);
  });
});

describe('step labels', () => {
  it('uses the lookup and shows a product step registered as a key in capitalised words', () => {
    expect(stepLabel('sov_wf')).toBe('Share of Voice WF');
    expect(stepLabel('crawl_keywords')).toBe('Crawl Keywords');
    expect(stepLabel('crawl')).toBe('Crawl');
  });

  it('shows a step name registered in words as it was registered', () => {
    expect(stepLabel('Keyword review')).toBe('Keyword review');
    expect(stepLabel('Fetch_v2')).toBe('Fetch v2');
  });
});
