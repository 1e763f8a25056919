/**
 * JSON checks of the step form's template fields (beyond the spec: a payload or status map that
 * is not JSON would only fail once the workflow runs). Placeholders such as `{{clientId}}` are
 * fine inside strings (`"client": "{{clientId}}"` is valid JSON); a bare `{{clientId}}` outside a
 * string is not, and is flagged like any other syntax error.
 */

export type JsonParseResult = { ok: true; value: unknown } | { ok: false; message: string };

interface JsonFault {
  offset: number;
  reason: string;
}

function describeChar(ch: string | undefined): string {
  if (ch === undefined) return 'end of text';
  if (ch === '\n') return 'line break';
  return `"${ch}"`;
}

/**
 * Finds where and why `text` stops being JSON (RFC 8259), or null when it is JSON. The browser's
 * own JSON.parse messages differ between engines and often omit the position, so the fault is
 * located here; JSON.parse stays the judge of validity.
 */
export function locateJsonFault(text: string): JsonFault | null {
  let i = 0;
  class Fault extends Error {
    constructor(readonly fault: JsonFault) {
      super(fault.reason);
    }
  }
  const fail = (reason: string): never => {
    throw new Fault({ offset: i, reason });
  };
  const skipSpace = () => {
    while (i < text.length && ' \t\n\r'.includes(text.charAt(i))) i += 1;
  };
  const expectChar = (ch: string, reason: string) => {
    if (text[i] !== ch) fail(reason);
    i += 1;
  };

  const string = () => {
    i += 1;
    while (i < text.length) {
      const ch = text.charAt(i);
      if (ch === '"') {
        i += 1;
        return;
      }
      if (ch === '\\') {
        const next = text[i + 1];
        if (next !== undefined && '"\\/bfnrt'.includes(next)) i += 2;
        else if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) i += 6;
        else fail('invalid escape in a string');
      } else if (ch < ' ') {
        fail(ch === '\n' ? 'line break inside a string' : 'control character inside a string');
      } else {
        i += 1;
      }
    }
    fail('unterminated string');
  };

  const number = () => {
    const re = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    re.lastIndex = i;
    const match = re.exec(text);
    if (!match) fail('invalid number');
    i = re.lastIndex;
  };

  const value = (): void => {
    skipSpace();
    const ch = text[i];
    if (text.startsWith('{{', i)) fail('a {{placeholder}} outside a string (put it in quotes)');
    if (ch === '{') return object();
    if (ch === '[') return array();
    if (ch === '"') return string();
    if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) return number();
    for (const literal of ['true', 'false', 'null']) {
      if (text.startsWith(literal, i)) {
        i += literal.length;
        return;
      }
    }
    fail(ch === undefined ? 'unexpected end of text' : `unexpected ${describeChar(ch)}`);
  };

  const object = () => {
    i += 1;
    skipSpace();
    if (text[i] === '}') {
      i += 1;
      return;
    }
    for (;;) {
      skipSpace();
      if (text[i] !== '"') fail('expected a property name in double quotes');
      string();
      skipSpace();
      expectChar(':', `expected ":" after a property name`);
      value();
      skipSpace();
      if (text[i] === ',') {
        i += 1;
        continue;
      }
      expectChar('}', `expected "," or "}"`);
      return;
    }
  };

  const array = () => {
    i += 1;
    skipSpace();
    if (text[i] === ']') {
      i += 1;
      return;
    }
    for (;;) {
      value();
      skipSpace();
      if (text[i] === ',') {
        i += 1;
        continue;
      }
      expectChar(']', `expected "," or "]"`);
      return;
    }
  };

  try {
    value();
    skipSpace();
    if (i < text.length) fail(`unexpected ${describeChar(text[i])} after the JSON value`);
    return null;
  } catch (error) {
    if (error instanceof Fault) return error.fault;
    // Nesting deeper than the call stack (thousands of brackets): a fault, not a crash of the form.
    if (error instanceof RangeError) return { offset: i, reason: 'nested too deeply to check' };
    throw error;
  }
}

/** Line and column (both from 1) of a character offset in `text`. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length, column: (lines[lines.length - 1]?.length ?? 0) + 1 };
}

/** Parses `text` as JSON; on failure a message naming the fault and its line and column. */
export function parseJson(text: string): JsonParseResult {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    const fault = locateJsonFault(text);
    if (!fault) return { ok: false, message: 'Not valid JSON.' };
    const { line, column } = lineAndColumn(text, fault.offset);
    return {
      ok: false,
      message: `Not valid JSON: ${fault.reason} (line ${line}, column ${column}).`,
    };
  }
}

/** Fields of the step form that hold JSON. */
export const STEP_JSON_FIELDS = ['triggerPayload', 'statusPayload', 'statusMap'] as const;
export type StepJsonField = (typeof STEP_JSON_FIELDS)[number];

export const STATUS_MAP_NOT_OBJECT =
  'The status map must be a JSON object, e.g. {"DONE": "completed"}.';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The flag of one JSON field, or null when it is fine. Empty text is not flagged here (the
 * spec's required-field rule speaks for it). The status map must also be an object.
 */
export function jsonFieldError(field: StepJsonField, text: string): string | null {
  if (text.trim() === '') return null;
  const parsed = parseJson(text);
  if (!parsed.ok) return parsed.message;
  if (field === 'statusMap' && !isPlainObject(parsed.value)) return STATUS_MAP_NOT_OBJECT;
  return null;
}
