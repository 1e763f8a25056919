import { describe, expect, test } from '@jest/globals';
import { llmOps } from '@onboarding/contracts';
import {
  addPromptBody,
  isPromptFormComplete,
  updatePromptBody,
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
