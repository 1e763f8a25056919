import { describe, expect, test } from '@jest/globals';
import type { UpdatePromptBody } from './payload';
import { hasChanges, promptChanges } from './review';

const body = (variables: Record<string, string>, over: Partial<UpdatePromptBody> = {}) => ({
  promptId: 1,
  newPrompt: 'Summarise {{a}} and {{b}}',
  newBusinessContext: '',
  metadata: { name: 'Summary', variables },
  ...over,
});

describe('what a prompt update changes', () => {
  test('a cleared default is a change to — and a cleared business context too', () => {
    const changes = promptChanges(
      body({ a: 'x', b: 'y' }, { newBusinessContext: 'Retail' }),
      body({ a: '', b: 'y' }),
    );
    expect(changes).toEqual({
      fields: [
        { label: 'Business Context', before: 'Retail', after: '—' },
        { label: '{{a}}', before: 'x', after: '—' },
      ],
      lists: [],
    });
  });

  test('the same variables with the same defaults in another order are no change', () => {
    const changes = promptChanges(body({ a: 'x', b: 'y' }), body({ b: 'y', a: 'x' }));
    expect(hasChanges(changes)).toBe(false);
  });

  test('variables added and removed are listed with their defaults', () => {
    expect(promptChanges(body({ a: 'x' }), body({ b: '' })).lists).toEqual([
      { label: 'Variables', added: ['{{b}}: —'], removed: ['{{a}}: x'] },
    ]);
  });
});
