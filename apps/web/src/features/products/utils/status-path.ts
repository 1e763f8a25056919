/**
 * The step form's tester: applies a step's requestIdPath, statusPath and statusMap to a sample
 * response the operator pastes, the way the workflow runner reads a polled answer.
 *
 * Path syntax: dot-separated keys with array indexes, an optional leading `$` (the registry's
 * own paths are written `$.data.state`): `data.items[0].status`, `$.data.requestId`,
 * `result["job-id"]`, `[0].state`.
 */
import { isPlainObject, parseJson } from './json-check';

export type PathSegment = string | number;

export type ParsedPath = { ok: true; segments: PathSegment[] } | { ok: false; message: string };

const IDENT = /[^.[\]\s"']+/y;
const INDEX = /\[(\d+)\]/y;
const QUOTED = /\[(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')\]/y;

/** Splits a path into keys and indexes, or explains why it is not one. */
export function parsePath(path: string): ParsedPath {
  const text = path.trim();
  const invalid = (): ParsedPath => ({ ok: false, message: `"${text}" is not a valid path.` });
  if (text === '') return { ok: false, message: 'The path is empty.' };

  let i = 0;
  if (text.startsWith('$')) i = 1;
  const segments: PathSegment[] = [];
  let expectKey = i === 0; // a path may start with a key; after `$` only `.key` or `[…]`
  while (i < text.length) {
    const sticky = (re: RegExp) => {
      re.lastIndex = i;
      return re.exec(text);
    };
    const index = sticky(INDEX);
    if (index?.[1] !== undefined) {
      segments.push(Number(index[1]));
      i = INDEX.lastIndex;
      expectKey = false;
      continue;
    }
    const quoted = sticky(QUOTED);
    if (quoted) {
      segments.push((quoted[1] ?? quoted[2] ?? '').replace(/\\(.)/g, '$1'));
      i = QUOTED.lastIndex;
      expectKey = false;
      continue;
    }
    if (!expectKey) {
      if (text[i] !== '.') return invalid();
      i += 1;
    }
    const key = sticky(IDENT);
    if (!key) return invalid();
    segments.push(key[0]);
    i = IDENT.lastIndex;
    expectKey = false;
  }
  // `$` alone is the whole answer (a status call that answers a bare string).
  if (segments.length === 0 && text !== '$') return invalid();
  return { ok: true, segments };
}

function formatPath(segments: readonly PathSegment[]): string {
  if (segments.length === 0) return '$';
  return segments
    .map((s, n) => (typeof s === 'number' ? `[${s}]` : n === 0 ? s : `.${s}`))
    .join('');
}

export type PathLookup = { found: true; value: unknown } | { found: false; missingAt: string };

/** The value at `segments` in `data`; when absent, the part of the path that was still found. */
export function valueAtPath(data: unknown, segments: readonly PathSegment[]): PathLookup {
  let current = data;
  for (let n = 0; n < segments.length; n += 1) {
    const segment = segments[n]!;
    if (typeof segment === 'number') {
      if (!Array.isArray(current) || segment >= current.length) {
        return { found: false, missingAt: formatPath(segments.slice(0, n + 1)) };
      }
      current = current[segment] as unknown;
    } else {
      if (!isPlainObject(current) || !Object.hasOwn(current, segment)) {
        return { found: false, missingAt: formatPath(segments.slice(0, n + 1)) };
      }
      current = current[segment];
    }
  }
  return { found: true, value: current };
}

/** What one path found in the sample: a value, or a message saying why not. */
export type PathOutcome = { ok: true; value: string } | { ok: false; message: string };

export interface StatusTestResult {
  /** Set when the sample itself could not be read; the other fields are then absent. */
  sampleError?: string;
  requestId?: PathOutcome;
  status?: PathOutcome;
  /** The workflow status the raw status maps to, or why it does not map. */
  mapped?: PathOutcome;
}

function scalarText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

function readPath(data: unknown, path: string, what: string): PathOutcome {
  if (path.trim() === '') return { ok: false, message: `No ${what} path given.` };
  const parsed = parsePath(path);
  if (!parsed.ok) return parsed;
  const lookup = valueAtPath(data, parsed.segments);
  if (!lookup.found) {
    const where =
      lookup.missingAt === formatPath(parsed.segments) ? '' : ` (nothing at "${lookup.missingAt}")`;
    return { ok: false, message: `The sample has no value at "${path.trim()}"${where}.` };
  }
  const text = scalarText(lookup.value);
  if (text === null) {
    return {
      ok: false,
      message: `The value at "${path.trim()}" is ${lookup.value === null ? 'null' : 'not a single value'}.`,
    };
  }
  return { ok: true, value: text };
}

/**
 * Runs the step's paths and map over a sample response. Each part is reported on its own, so a
 * missing request id does not hide the status mapping (the two usually come from different
 * answers: the trigger's and the status call's).
 */
export function testStatusMapping(input: {
  sample: string;
  requestIdPath: string;
  statusPath: string;
  statusMap: string;
}): StatusTestResult {
  if (input.sample.trim() === '') {
    return { sampleError: 'Paste a sample response to test the paths.' };
  }
  const sample = parseJson(input.sample);
  if (!sample.ok) {
    return { sampleError: `The sample response is not JSON. ${sample.message}` };
  }

  const requestId = readPath(sample.value, input.requestIdPath, 'request id');
  const status = readPath(sample.value, input.statusPath, 'status');
  if (!status.ok) return { requestId, status };

  if (input.statusMap.trim() === '') {
    return { requestId, status, mapped: { ok: false, message: 'No status map given.' } };
  }
  const map = parseJson(input.statusMap);
  if (!map.ok || !isPlainObject(map.value)) {
    return {
      requestId,
      status,
      mapped: { ok: false, message: 'The status map is not a JSON object.' },
    };
  }
  if (!Object.hasOwn(map.value, status.value)) {
    const known = Object.keys(map.value);
    return {
      requestId,
      status,
      mapped: {
        ok: false,
        message:
          `The status "${status.value}" is not in the status map` +
          (known.length ? ` (it maps ${known.map((k) => `"${k}"`).join(', ')}).` : '.'),
      },
    };
  }
  const target = scalarText(map.value[status.value]);
  if (target === null) {
    return {
      requestId,
      status,
      mapped: { ok: false, message: `The status map gives no text for "${status.value}".` },
    };
  }
  return { requestId, status, mapped: { ok: true, value: target } };
}
