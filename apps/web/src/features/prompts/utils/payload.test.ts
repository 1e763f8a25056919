import { describe, expect, test } from '@jest/globals';
import { llmOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import {
  addPromptBody,
  isPromptFormComplete,
  parsePromptDraft,
  storedPromptBody,
  updatePromptBody,
  type PromptDraft,
  type PromptFormValues,
} from './payload';

const form = (over: Partial<PromptFormValues> = {}): PromptFormValues => ({
  client: null,
  name: '  Category summary ',
  prompt: ' Summarise {{category}} for {{retailer}}. ',
  businessContext: '',
  values: { category: 'Snacks', retailer: 'Amazon' },
  ...over,
});

describe('add prompt payload', () => {
  test('with no client chosen the prompt goes to Common, id 1', () => {
    const body = addPromptBody(form());
    expect(body).toEqual({
      clientId: 1,
      clientName: 'Common',
      prompt: 'Summarise {{category}} for {{retailer}}.',
      metadata: { name: 'Category summary', variables: { category: 'Snacks', retailer: 'Amazon' } },
    });
    expect(llmOps.add.body!.safeParse(body).success).toBe(true);
  });

  test('a chosen client and a business context are sent', () => {
    const body = addPromptBody(
      form({ client: { client_id: 7, client: 'Globex' }, businessContext: ' Grocery retail ' }),
    );
    expect(body).toMatchObject({
      clientId: 7,
      clientName: 'Globex',
      businessContext: 'Grocery retail',
    });
  });

  test('variables are taken from the text as it is at save time', () => {
    // The operator removed {{retailer}} and added {{week}} without pausing.
    const body = addPromptBody(form({ prompt: 'Summarise {{category}} in {{week}}' }));
    expect(body.metadata.variables).toEqual({ category: 'Snacks', week: '' });
  });
});

describe('update prompt payload', () => {
  test('carries the id, the new text and an emptied business context', () => {
    const body = updatePromptBody(12, form({ businessContext: '   ' }));
    expect(body).toEqual({
      promptId: 12,
      newPrompt: 'Summarise {{category}} for {{retailer}}.',
      newBusinessContext: '',
      metadata: { name: 'Category summary', variables: { category: 'Snacks', retailer: 'Amazon' } },
    });
    expect(llmOps.update.body!.safeParse(body).success).toBe(true);
  });
});

describe('variables named as prompts made elsewhere name them', () => {
  test('names with spaces and hyphens, and kept stored values, are sent and pass the contract', () => {
    const body = updatePromptBody(
      3,
      form({
        prompt: 'Describe {{brand name}} on {{ retailer-id }}',
        values: { 'brand name': 'Acme', 'retailer-id': '4', tone: 'formal' },
        kept: ['tone'],
      }),
    );
    expect(body.metadata.variables).toEqual({
      'brand name': 'Acme',
      'retailer-id': '4',
      tone: 'formal',
    });
    expect(llmOps.update.body!.safeParse(body).success).toBe(true);
  });
});

describe('form completeness', () => {
  test('name and prompt are both required, blanks do not count', () => {
    expect(isPromptFormComplete({ name: 'A', prompt: 'B' })).toBe(true);
    expect(isPromptFormComplete({ name: 'A', prompt: '  ' })).toBe(false);
    expect(isPromptFormComplete({ name: ' ', prompt: 'B' })).toBe(false);
  });
});

describe('a stored prompt as the update the form would send unchanged', () => {
  test('a prompt with no business context sends an empty one, with its name and variables', () => {
    const prompt = fixtures.prompt({ prompt_id: 5, business_context: null });
    expect(storedPromptBody(prompt)).toEqual({
      promptId: 5,
      newPrompt: 'Summarise {{category}} sales for {{retailer}}.',
      newBusinessContext: '',
      metadata: { name: 'Category summary', variables: { category: 'Snacks', retailer: 'Amazon' } },
    });
  });

  test('keeps its business context and the stored variables its text does not use', () => {
    const prompt = fixtures.prompt({
      prompt: 'Describe {{brand}}',
      business_context: 'Grocery retail',
      metadata: { name: 'Brand', variables: { tone: 'formal', brand: 'Acme' } },
    });
    expect(storedPromptBody(prompt)).toMatchObject({
      newBusinessContext: 'Grocery retail',
      metadata: { name: 'Brand', variables: { brand: 'Acme', tone: 'formal' } },
    });
  });
});

describe('a kept draft of the prompt form', () => {
  const draft: PromptDraft = {
    client: { client_id: 7, client: 'Globex' },
    name: 'Summary',
    prompt: 'Summarise {{a}}',
    businessContext: '',
    values: { a: 'x' },
    kept: ['tone'],
  };

  test('is handed back as it was kept, with a client or with none', () => {
    expect(parsePromptDraft(draft)).toEqual(draft);
    expect(parsePromptDraft({ ...draft, client: null })).toEqual({ ...draft, client: null });
  });

  test('anything that is not an object is no draft', () => {
    for (const value of [null, undefined, 'draft', 3]) {
      expect(parsePromptDraft(value)).toBeUndefined();
    }
  });

  test('a draft with a field missing or of the wrong kind is no draft', () => {
    const broken: Record<string, unknown>[] = [
      { name: 1 },
      { prompt: null },
      { businessContext: undefined },
      { kept: 'tone' },
      { kept: ['tone', 2] },
      { values: null },
      { values: 'a' },
      { values: { a: 'x', b: 2 } },
      { client: undefined },
      { client: 'Globex' },
    ];
    for (const over of broken) {
      expect({ over, parsed: parsePromptDraft({ ...draft, ...over }) }).toEqual({
        over,
        parsed: undefined,
      });
    }
  });
});
