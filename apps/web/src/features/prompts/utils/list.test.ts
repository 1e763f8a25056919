import { describe, expect, test } from '@jest/globals';
import { fixtures } from '@onboarding/contracts/testing';
import { filterPrompts, removePrompt, restorePrompt } from './list';

const a = fixtures.prompt({ prompt_id: 1, metadata: { name: 'Alpha', variables: {} } });
const b = fixtures.prompt({
  prompt_id: 2,
  client: 'Globex',
  metadata: { name: 'Beta', variables: {} },
});
const c = fixtures.prompt({ prompt_id: 3, metadata: { name: 'Gamma', variables: {} } });

describe('prompt list', () => {
  test('search matches the name or the client, ignoring case', () => {
    expect(filterPrompts([a, b, c], 'ALP').map((p) => p.prompt_id)).toEqual([1]);
    expect(filterPrompts([a, b, c], 'globex').map((p) => p.prompt_id)).toEqual([2]);
    expect(filterPrompts([a, b, c], '  ')).toHaveLength(3);
  });

  test('search ignores accents: "cafe" finds the client "Café Brands"', () => {
    const cafe = fixtures.prompt({
      prompt_id: 4,
      client: 'Café Brands',
      metadata: { name: 'Crème digest', variables: {} },
    });
    expect(filterPrompts([a, cafe], 'cafe').map((p) => p.prompt_id)).toEqual([4]);
    expect(filterPrompts([a, cafe], 'CREME').map((p) => p.prompt_id)).toEqual([4]);
  });

  test('a failed delete puts the prompt back where it stood', () => {
    const { list, index } = removePrompt([a, b, c], 2);
    expect(list.map((p) => p.prompt_id)).toEqual([1, 3]);
    expect(restorePrompt(list, b, index).map((p) => p.prompt_id)).toEqual([1, 2, 3]);
  });

  test('restoring after another delete keeps the other one gone', () => {
    const first = removePrompt([a, b, c], 2);
    const second = removePrompt(first.list, 3);
    expect(restorePrompt(second.list, b, first.index).map((p) => p.prompt_id)).toEqual([1, 2]);
  });

  test('restoring a prompt already back in the list does not duplicate it', () => {
    expect(restorePrompt([a, b], b, 1).map((p) => p.prompt_id)).toEqual([1, 2]);
  });

  test('a prompt deleted from the top is put back at the top', () => {
    const { list, index } = removePrompt([a, b, c], 1);
    expect(restorePrompt(list, a, index).map((p) => p.prompt_id)).toEqual([1, 2, 3]);
  });

  test('a prompt whose place was not known is put back at the end', () => {
    const { list, index } = removePrompt([a, c], 2);
    expect(index).toBe(-1);
    expect(restorePrompt(list, b, index).map((p) => p.prompt_id)).toEqual([1, 3, 2]);
  });
});
