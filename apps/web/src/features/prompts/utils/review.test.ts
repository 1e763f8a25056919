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

  test('a renamed prompt and a changed text are listed under their labels', () => {
    const changes = promptChanges(
      body({ a: 'x', b: 'y' }),
      body(
        { a: 'x', b: 'y' },
        {
          newPrompt: 'Summarise {{a}}, {{b}}',
          metadata: {
            name: 'Weekly summary',
            variables: { a: 'x', b: 'y' },
          },
        },
      ),
    );
    expect(changes).toEqual({
      fields: [
        { label: 'Name', before: 'Summary', after: 'Weekly summary' },
        { label: 'Prompt', before: 'Summarise {{a}} and {{b}}', after: 'Summarise {{a}}, {{b}}' },
      ],
      lists: [],
    });
    expect(hasChanges(changes)).toBe(true);
  });

  test('a variable only added, or only removed, is a change listed under Variables', () => {
    const added = promptChanges(body({ a: 'x' }), body({ a: 'x', b: 'y' }));
    expect(added).toEqual({
      fields: [],
      lists: [{ label: 'Variables', added: ['{{b}}: y'], removed: [] }],
    });
    expect(hasChanges(added)).toBe(true);
    const removed = promptChanges(body({ a: 'x', b: 'y' }), body({ a: 'x' }));
    expect(removed.lists).toEqual([{ label: 'Variables', added: [], removed: ['{{b}}: y'] }]);
    expect(hasChanges(removed)).toBe(true);
  });

  test('a body without a business context compares as an empty one', () => {
    const changes = promptChanges(
      body({ a: 'x' }, { newBusinessContext: undefined }),
      body({ a: 'x' }, { newBusinessContext: 'Retail' }),
    );
    expect(changes.fields).toEqual([{ label: 'Business Context', before: '—', after: 'Retail' }]);
  });
});
