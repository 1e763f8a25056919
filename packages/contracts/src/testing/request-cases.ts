import type { AnyOperation, ExampleRequest } from '../core/operation.js';
import { OPERATIONS } from '../registry.js';

/** A request to one operation and whether the contracts' request check refuses it. */
export interface RequestCase {
  readonly name: string;
  readonly op: AnyOperation;
  readonly request: ExampleRequest;
  /** The issue path the refusal names (`['body', 'searchText']`); absent: accepted. */
  readonly refusedAt?: readonly (string | number)[];
}

/** The example with one field of the body (its first item, for a list) changed or added. */
function withBodyField(op: AnyOperation, field: string, value: unknown): ExampleRequest {
  const body = op.example.body;
  if (Array.isArray(body)) {
    const [first, ...rest] = body as unknown[];
    return { ...op.example, body: [{ ...(first as object), [field]: value }, ...rest] };
  }
  return { ...op.example, body: { ...(body as object), [field]: value } };
}

const sendsBody = (op: AnyOperation) => op.method === 'POST' || op.method === 'PUT';

/**
 * The text fields where a tab or a line break belongs (docs/requirements.md#entities): prompts,
 * business contexts and variable values, a step's payload templates and status map, a legacy
 * setup's status notes. Every other text field is single-line.
 */
const MULTILINE: Readonly<Record<string, readonly string[]>> = {
  'llm.add': ['prompt', 'businessContext', 'metadata.variables'],
  'llm.update': ['newPrompt', 'newBusinessContext', 'metadata.variables'],
  'product_register.registerStep': ['triggerPayload', 'statusPayload', 'statusMap'],
  'product_register.updateStep': ['triggerPayload', 'statusPayload', 'statusMap'],
  'customersetup.addNewSetup': ['statusDetails'],
  'customersetup.editSetup': ['statusDetails'],
};

const isMultiline = (op: AnyOperation, path: readonly (string | number)[]) => {
  const at = path.join('.');
  return (MULTILINE[op.id] ?? []).some((field) => at === field || at.startsWith(`${field}.`));
};

/** Every text value of a body, with its path. */
function textLeaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => textLeaves(item, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => textLeaves(item, [...path, key]));
  return [];
}

function withText(body: unknown, path: readonly (string | number)[], text: string): unknown {
  if (path.length === 0) return text;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(body) ? [...(body as unknown[])] : { ...(body as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = withText(copy[head], rest, text);
  return copy;
}

/**
 * For every text value of an operation's example body: a NUL and a bidi override are refused
 * wherever they are, naming the field; a tab and a line break only where the field is
 * multi-line.
 */
function controlCharacterCases(op: AnyOperation): RequestCase[] {
  return textLeaves(op.example.body).flatMap((path) => {
    const at = ['body', ...path];
    const value = path.reduce<unknown>(
      (v, key) => (v as Record<string | number, unknown>)[key],
      op.example.body,
    ) as string;
    const sent = (text: string) => ({ ...op.example, body: withText(op.example.body, path, text) });
    const named = `${op.id}: ${path.join('.')}`;
    return [
      {
        name: `${named} with a NUL and a bidi override`,
        op,
        request: sent(`${value}\u0000\u202e<script>`),
        refusedAt: at,
      },
      { name: `${named} with a bidi isolate`, op, request: sent(`\u2066${value}`), refusedAt: at },
      {
        name: `${named} with a tab and a line break`,
        op,
        request: sent(`${value}\n\tmore`),
        ...(isMultiline(op, path) ? {} : { refusedAt: at }),
      },
    ];
  });
}

/**
 * The requests every place that checks requests (the gateway's pipe and sign-in guard, the
 * sandbox, the web tests' gateway stand-in) must answer alike: each operation's example is
 * accepted; an undeclared body field or query parameter is refused, whichever operation it is
 * sent to, and so is a control character in any text field (tab and line breaks excepted where
 * the field is multi-line).
 */
export function requestCases(ops: readonly AnyOperation[] = OPERATIONS): RequestCase[] {
  return ops.flatMap((op): RequestCase[] => {
    const cases: RequestCase[] = [{ name: `${op.id}: its example`, op, request: op.example }];
    if (sendsBody(op)) {
      const listBody = Array.isArray(op.example.body);
      cases.push({
        name: `${op.id}: an undeclared body field`,
        op,
        request: withBodyField(op, 'undeclared', true),
        refusedAt: listBody ? ['body', 0] : ['body'],
      });
    }
    if (sendsBody(op)) cases.push(...controlCharacterCases(op));
    cases.push({
      name: `${op.id}: an undeclared query parameter`,
      op,
      request: { ...op.example, query: { ...op.example.query, undeclared: '1' } },
      refusedAt: ['query'],
    });
    return cases;
  });
}
