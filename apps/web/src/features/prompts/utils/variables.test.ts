import { describe, expect, test } from '@jest/globals';
import {
  extractPromptVariables,
  formVariables,
  keptVariables,
  previewSegments,
  reconcileVariableValues,
  unfilledVariables,
} from './variables';

/** What the form shows after the operator pauses: one input per variable, with its value. */
function afterPause(text: string, previous: Record<string, string>) {
  return reconcileVariableValues(extractPromptVariables(text), previous);
}

describe('variable detection as the operator types', () => {
  test('adding a placeholder adds an empty input for it, keeping the values already typed', () => {
    let values = afterPause('Summarise {{category}}', {});
    expect(values).toEqual({ category: '' });
    values = { ...values, category: 'Snacks' };
    values = afterPause('Summarise {{category}} for {{retailer}}', values);
    expect(values).toEqual({ category: 'Snacks', retailer: '' });
  });

  test('renaming a placeholder replaces its input with an empty one for the new name', () => {
    const values = afterPause('Summarise {{categories}}', { category: 'Snacks' });
    expect(values).toEqual({ categories: '' });
  });

  test('removing a placeholder drops its input and its value', () => {
    const values = afterPause('Summarise the week', { category: 'Snacks', retailer: 'Amazon' });
    expect(values).toEqual({});
  });

  test('a repeated placeholder gets one input, in order of first appearance', () => {
    expect(extractPromptVariables('{{b}} and {{a}} then {{b}} again {{ a }}')).toEqual(['b', 'a']);
  });

  test('any text between double braces is a variable, spaces, hyphens and digits included', () => {
    expect(extractPromptVariables('{{brand name}} {{ retailer-id }} {{1x}} {{ok_1}}')).toEqual([
      'brand name',
      'retailer-id',
      '1x',
      'ok_1',
    ]);
  });

  test('single, empty, unclosed and nested braces are not variables', () => {
    expect(extractPromptVariables('{x} {{y} {z}} {{}} {{ }} {{{w}}}')).toEqual(['w']);
  });

  test('a half-typed placeholder is not a variable until its braces close', () => {
    expect(extractPromptVariables('Summarise {{categ')).toEqual([]);
    expect(extractPromptVariables('Summarise {{category}')).toEqual([]);
    expect(extractPromptVariables('Summarise {{category}}')).toEqual(['category']);
  });
});

describe('variables of a prompt made elsewhere', () => {
  test('stored values the stored text does not use are kept, after those of the text', () => {
    const stored = { 'brand name': 'Acme', tone: 'formal', 'bad{key': 'x' };
    const kept = keptVariables('Describe {{brand name}}', stored);
    expect(kept).toEqual(['tone']);
    expect(formVariables('Describe {{brand name}} in {{month}}', kept)).toEqual([
      'brand name',
      'month',
      'tone',
    ]);
    // Written into the text later, a kept variable is listed once.
    expect(formVariables('{{tone}} {{brand name}}', kept)).toEqual(['tone', 'brand name']);
  });
});

describe('preview', () => {
  test('fills given values and keeps unfilled variables as their own segments', () => {
    expect(previewSegments('Hi {{name}}, see {{ place }}!', { name: 'Ana' })).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'variable', name: 'name', value: 'Ana' },
      { kind: 'text', text: ', see ' },
      { kind: 'variable', name: 'place', value: '' },
      { kind: 'text', text: '!' },
    ]);
  });

  test('text without placeholders is one text segment; malformed braces stay text', () => {
    expect(previewSegments('Plain {x} text', {})).toEqual([
      { kind: 'text', text: 'Plain {x} text' },
    ]);
    expect(previewSegments('', {})).toEqual([]);
  });

  test('a repeated variable appears at each of its places', () => {
    const segments = previewSegments('{{a}}-{{a}}', { a: '1' });
    expect(segments).toEqual([
      { kind: 'variable', name: 'a', value: '1' },
      { kind: 'text', text: '-' },
      { kind: 'variable', name: 'a', value: '1' },
    ]);
  });

  test('lists the variables still without a value', () => {
    expect(unfilledVariables('{{a}} {{b}} {{c}}', { a: 'x', b: '' })).toEqual(['b', 'c']);
  });

  test('a NUL character pasted into the text is left out of the preview', () => {
    expect(previewSegments('a\u0000b {{x}}', {})).toEqual([
      { kind: 'text', text: 'ab ' },
      { kind: 'variable', name: 'x', value: '' },
    ]);
    expect(previewSegments('a\u0000b', {})).toEqual([{ kind: 'text', text: 'ab' }]);
  });
});
