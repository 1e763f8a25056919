/**
 * The gateway as the form's tests see it (jsdom has no network): the app's real api client
 * calls `fetch`, and this answers declared operations only. Each request is checked against
 * its operation's schemas (the real gateway would refuse it: the test records a violation and
 * gets a 400), and each scripted answer against the operation's response schema.
 */
import { OPERATIONS, type AnyOperation } from '@onboarding/contracts';

export interface SeenRequest {
  op: string;
  body: unknown;
  query: Record<string, string>;
}

interface Reply {
  status: number;
  json: unknown;
}
const REPLY = Symbol('reply');

/** An answer with a status: the gateway's error envelope with the server's message. */
export function failure(status: number, message: string) {
  return {
    [REPLY]: true,
    status,
    json: { error: { code: 'UPSTREAM_ERROR', message, requestId: 'req-test' } },
  } as const;
}

type Handler = (req: SeenRequest) => unknown;

function pathMatcher(op: AnyOperation): RegExp {
  return new RegExp(`^${op.path.replace(/:([A-Za-z0-9_]+)/g, '[^/]+')}$`);
}

function respond(status: number, value: unknown): Response {
  return new Response(JSON.stringify(value), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export class FakeGateway {
  readonly requests: SeenRequest[] = [];
  readonly violations: string[] = [];
  private readonly handlers = new Map<string, Handler>();

  /** Answers `op` with a value, a `failure(...)`, or a function of the request (may be async). */
  on(op: AnyOperation, answer: Handler | object): this {
    this.handlers.set(op.id, typeof answer === 'function' ? (answer as Handler) : () => answer);
    return this;
  }

  bodiesOf(op: AnyOperation): unknown[] {
    return this.requests.filter((r) => r.op === op.id).map((r) => r.body);
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const op = OPERATIONS.find((o) => o.method === method && pathMatcher(o).test(url.pathname));
    if (!op) {
      this.violations.push(`${method} ${url.pathname} is not a declared operation`);
      return respond(404, { error: { code: 'NOT_FOUND', message: 'Not found', requestId: 'x' } });
    }
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const query = Object.fromEntries(url.searchParams.entries());
    const seen: SeenRequest = { op: op.id, body, query };
    this.requests.push(seen);
    for (const [where, schema, value] of [
      ['body', op.body, body],
      ['query', op.query, query],
    ] as const) {
      if (!schema) continue;
      const parsed = schema.safeParse(value);
      if (!parsed.success) {
        this.violations.push(`${op.id}: invalid ${where}: ${parsed.error.message}`);
        return respond(400, {
          error: { code: 'VALIDATION_FAILED', message: 'Invalid request', requestId: 'x' },
        });
      }
    }
    const handler = this.handlers.get(op.id);
    if (!handler) {
      this.violations.push(`${op.id}: no answer scripted`);
      return respond(500, { error: { code: 'INTERNAL', message: 'unscripted', requestId: 'x' } });
    }
    const result = await handler(seen);
    if (typeof result === 'object' && result !== null && REPLY in result) {
      const reply = result as unknown as Reply;
      return respond(reply.status, reply.json);
    }
    const checked = op.response.safeParse(result);
    if (!checked.success) {
      throw new Error(`Scripted answer of ${op.id} breaks its contract: ${checked.error.message}`);
    }
    return respond(200, result);
  };
}
