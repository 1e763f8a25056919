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

  it('explains faults inside strings and numbers', () => {
    expect(parseJson('{"path": "C:\\dir"}')).toEqual({
      ok: false,
      message: 'Not valid JSON: invalid escape in a string (line 1, column 13).',
    });
    expect(parseJson('{"a": "line one\nline two"}')).toEqual({
      ok: false,
      message: 'Not valid JSON: line break inside a string (line 1, column 16).',
    });
    expect(parseJson('{"a": "x\ty"}')).toEqual({
      ok: false,
      message: 'Not valid JSON: control character inside a string (line 1, column 9).',
    });
    expect(parseJson('{"delta": -}')).toEqual({
      ok: false,
      message: 'Not valid JSON: invalid number (line 1, column 11).',
    });
    expect(parseJson('{"delta": +1}')).toEqual({
      ok: false,
      message: 'Not valid JSON: unexpected "+" (line 1, column 11).',
    });
  });

  it('explains a missing colon and a value that never comes', () => {
    expect(parseJson('{"a" 1}')).toEqual({
      ok: false,
      message: 'Not valid JSON: expected ":" after a property name (line 1, column 6).',
    });
    expect(parseJson('{"a": ')).toEqual({
      ok: false,
      message: 'Not valid JSON: unexpected end of text (line 1, column 7).',
    });
  });

  it('places a fault at the end of a text that stops short at its very end', () => {
    expect(locateJsonFault('[1, 2')).toEqual({ offset: 5, reason: 'expected "," or "]"' });
  });

  it('flags brackets nested too deeply to follow rather than breaking the form', () => {
    expect(parseJson('['.repeat(100_000))).toEqual({
      ok: false,
      message: expect.stringMatching(
        /^Not valid JSON: nested too deeply to check \(line 1, column \d+\)\.$/,
      ),
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
      '0',
      '[0, 9]',
      '1.25',
      '1e+5',
      '1E10',
      '"two words"',
      '"\\u00E9"',
      '"\\u12zz"',
      '"\\x0041"',
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
    expect(jsonFieldError('statusMap', 'null')).toBe(STATUS_MAP_NOT_OBJECT);
    expect(jsonFieldError('statusMap', '"DONE"')).toBe(STATUS_MAP_NOT_OBJECT);
    expect(jsonFieldError('statusPayload', '["DONE"]')).toBeNull();
  });

  it('leaves empty fields to the required-field rule', () => {
    expect(jsonFieldError('statusMap', '   ')).toBeNull();
  });
});
