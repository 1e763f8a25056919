import { describe, expect, it } from '@jest/globals';
import { jsonFieldError, locateJsonFault, parseJson, STATUS_MAP_NOT_OBJECT } from './json-check';

describe('JSON flags of the step form', () => {
  it('accepts payload templates whose placeholders sit inside strings', () => {
    const template = '{"url": "https://jobs/{{clientId}}/start", "body": {"setup": "{{setupId}}"}}';
    expect(jsonFieldError('triggerPayload', template)).toBeNull();
    expect(jsonFieldError('statusPayload', '{"requestId":"{{requestId}}"}')).toBeNull();
  });

  it('flags a bare placeholder outside a string, with where it is', () => {
    expect(jsonFieldError('triggerPayload', '{"retailerId": {{retailerId}}}')).toBe(
      'Not valid JSON: a {{placeholder}} outside a string (put it in quotes) (line 1, column 16).',
    );
  });

  it('names the line and column of a fault in a multi-line payload', () => {
    const text = '{\n  "a": 1,\n  "b": 2\n  "c": 3\n}';
    expect(parseJson(text)).toEqual({
      ok: false,
      message: 'Not valid JSON: expected "," or "}" (line 4, column 3).',
    });
  });

  it('explains common slips', () => {
    expect(parseJson("{'a': 1}")).toEqual({
      ok: false,
      message: 'Not valid JSON: expected a property name in double quotes (line 1, column 2).',
    });
    expect(parseJson('{"a": 1,}')).toEqual({
      ok: false,
      message: 'Not valid JSON: expected a property name in double quotes (line 1, column 9).',
    });
    expect(parseJson('{"a": "x')).toEqual({
      ok: false,
      message: 'Not valid JSON: unterminated string (line 1, column 9).',
    });
    expect(parseJson('{"a": 1}}')).toEqual({
      ok: false,
      message: 'Not valid JSON: unexpected "}" after the JSON value (line 1, column 9).',
    });
    expect(parseJson('[1, 2')).toEqual({
      ok: false,
      message: 'Not valid JSON: expected "," or "]" (line 1, column 6).',
    });
  });

  it('agrees with JSON.parse on what is JSON', () => {
    const samples = [
      '{}',
      '[]',
      ' {"a": [1, -2.5e3, true, false, null, "x\\"y\\u00e9"]} ',
      '"text"',
      '01',
      '1.',
      '{"a":"tab\there"}',
      '[1,]',
      'nul',
      '"\\x"',
      '',
    ];
    for (const text of samples) {
      let valid = true;
      try {
        JSON.parse(text);
      } catch {
        valid = false;
      }
      expect({ text, valid: locateJsonFault(text) === null }).toEqual({ text, valid });
    }
  });

  it('wants the status map to be an object', () => {
    expect(jsonFieldError('statusMap', '{"DONE": "completed"}')).toBeNull();
    expect(jsonFieldError('statusMap', '["DONE"]')).toBe(STATUS_MAP_NOT_OBJECT);
    expect(jsonFieldError('statusPayload', '["DONE"]')).toBeNull();
  });

  it('leaves empty fields to the required-field rule', () => {
    expect(jsonFieldError('statusMap', '   ')).toBeNull();
  });
});
