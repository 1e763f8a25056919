/**
 * The one stand-in for the gateway inside the browser tests (jsdom has no network): the app's
 * real api client calls `fetch`, and this answers the declared operations of
 * `@onboarding/contracts` only. Every request is checked as the real gateway checks it: the
 * CSRF header and JSON content type on writes, and the operation's body, query and path
 * params by the contracts' `checkRequest`, the gateway's own check (a request the gateway would
 * refuse is answered 400 with its issues and recorded in `violations`, which a test expects to
 * stay empty). Every scripted 200 answer is checked
 * against the operation's response schema. A call with no scripted answer is recorded in
 * `unanswered`, and every call answered with an error in `failedCalls()`. Calls can be failed
 * (`fail`/`heal`) or held (`hold`). Feature stand-ins (a stateful registry, a legacy
 * service…) are built on this one. `screenTestHooks` (screen-hooks.ts) checks every stand-in a
 * test installed.
 */
import { checkRequest, OPERATIONS, pathMatcher, type AnyOperation } from '@onboarding/contracts';

export interface GatewayRequest {
  op: string;
  method: string;
  path: string;
  query: Record<string, string>;
  params: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

export interface Reply {
  kind: 'reply';
  status: number;
  json: unknown;
}

/** An answer with a status (errors, or a success the schema need not check). */
export function reply(status: number, json: unknown): Reply {
  return { kind: 'reply', status, json };
}

/** The gateway's error envelope. */
export function envelope(status: number, code: string, message: string): Reply {
  return reply(status, { error: { code, message, requestId: 'req-test' } });
}

/** The gateway's envelope for an upstream's refusal, carrying the upstream's message. */
export function failure(status: number, message: string): Reply {
  return envelope(status, 'UPSTREAM_ERROR', message);
}

/** The connection fails: no answer reaches the browser. */
export const NETWORK_ERROR = Symbol('network error');

/** Answers a request with a value (a 200 body), a `reply`, NETWORK_ERROR, or a promise of one. */
export type Handler = (req: GatewayRequest) => unknown;

const MATCHERS = OPERATIONS.map((op) => ({ op, match: pathMatcher(op.path) }));

/** The stand-ins put in place of `fetch` since the last `takeInstalledGateways()`, in order. */
const installed: FakeGateway[] = [];

/** The stand-ins installed since the last call (and forgets them), oldest first. */
export function takeInstalledGateways(): FakeGateway[] {
  return installed.splice(0);
}

/** Whether a stand-in was installed since the last `takeInstalledGateways()`. */
export function gatewaysInstalled(): boolean {
  return installed.length > 0;
}

export class FakeGateway {
  readonly requests: GatewayRequest[] = [];
  /**
   * Requests the real gateway would have refused, and scripted answers it could never give; a
   * test expects none.
   */
  readonly violations: string[] = [];
  /** Declared operations called with no answer scripted (answered 500); a test expects none. */
  readonly unanswered: string[] = [];
  /** The operation id of every call answered with an error status or no answer at all. */
  private readonly failed: string[] = [];
  private readonly handlers = new Map<string, Handler>();
  private readonly faults = new Map<string, Reply>();
  private readonly holds = new Map<string, Promise<void>>();
  private replacedFetch: typeof fetch | undefined;

  /** Answers `op` with the handler's result, replacing any earlier answer. */
  on(op: AnyOperation, handler: Handler): this;
  /** Answers `op` with this value (a 200 body, a `reply`, or NETWORK_ERROR). */
  on(op: AnyOperation, answer: unknown): this;
  on(op: AnyOperation, answer: unknown): this {
    this.handlers.set(op.id, typeof answer === 'function' ? (answer as Handler) : () => answer);
    return this;
  }

  /** Every later call of `op` gets this answer (by default a 502 envelope) until `heal(op)`. */
  fail(op: AnyOperation, answer: Reply = failure(502, 'Upstream failed')): this {
    this.faults.set(op.id, answer);
    return this;
  }

  heal(op: AnyOperation): this {
    this.faults.delete(op.id);
    return this;
  }

  /** Calls of `op` wait until the returned function is called. */
  hold(op: AnyOperation): () => void {
    let release = () => {};
    this.holds.set(
      op.id,
      new Promise<void>((resolve) => {
        release = () => {
          this.holds.delete(op.id);
          resolve();
        };
      }),
    );
    return () => release();
  }

  callsTo(op: AnyOperation): GatewayRequest[] {
    return this.requests.filter((r) => r.op === op.id);
  }

  bodiesOf(op: AnyOperation): unknown[] {
    return this.callsTo(op).map((r) => r.body);
  }

  /**
   * The ids of the operations whose calls failed (error status or no answer), each once, in
   * the order they first failed.
   */
  failedCalls(): string[] {
    return [...new Set(this.failed)];
  }

  /** Puts this stand-in in place of the global `fetch` until `uninstall()`. */
  install(): this {
    this.replacedFetch ??= globalThis.fetch;
    globalThis.fetch = this.fetch;
    if (!installed.includes(this)) installed.push(this);
    return this;
  }

  uninstall(): void {
    if (this.replacedFetch) globalThis.fetch = this.replacedFetch;
    this.replacedFetch = undefined;
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [
        k.toLowerCase(),
        v,
      ]),
    );
    let op: AnyOperation | undefined;
    let params: Record<string, string> = {};
    for (const candidate of MATCHERS) {
      if (candidate.op.method !== method) continue;
      const found = candidate.match(url.pathname);
      if (found) {
        op = candidate.op;
        params = found;
        break;
      }
    }
    if (!op) {
      this.violations.push(`${method} ${url.pathname} is not a declared operation`);
      this.failed.push(`${method} ${url.pathname}`);
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found', requestId: 'x' } });
    }
    const id = op.id;
    const answer = (status: number, value: unknown) => {
      if (status >= 400) this.failed.push(id);
      return json(status, value);
    };
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const query = Object.fromEntries(url.searchParams.entries());
    const req: GatewayRequest = {
      op: op.id,
      method,
      path: url.pathname,
      query,
      params,
      body,
      headers,
    };
    this.requests.push(req);

    if (method !== 'GET') {
      if (headers['x-requested-with'] !== 'XMLHttpRequest') {
        this.violations.push(`${op.id}: missing X-Requested-With`);
      }
      if (headers['content-type'] !== 'application/json') {
        this.violations.push(`${op.id}: body not sent as JSON`);
      }
    }
    // The gateway writes the identity fields from its session; any signed-in e-mail will do.
    const request = checkRequest(
      op,
      { params, query: queryOf(url.searchParams), body },
      { operator: OPERATOR },
    );
    if (!request.ok) {
      this.violations.push(`${op.id}: invalid request: ${JSON.stringify(request.issues)}`);
      return answer(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'The request does not match the contract.',
          requestId: 'x',
          issues: request.issues,
        },
      });
    }

    await this.holds.get(op.id);
    const fault = this.faults.get(op.id);
    if (fault) return answer(fault.status, fault.json);

    const handler = this.handlers.get(op.id);
    if (!handler) {
      this.unanswered.push(op.id);
      return answer(500, { error: { code: 'INTERNAL', message: 'unscripted', requestId: 'x' } });
    }
    let result: unknown;
    try {
      result = await handler(req);
    } catch (error) {
      // A throwing handler is a connection that fails, as NETWORK_ERROR is.
      this.failed.push(id);
      throw error;
    }
    if (result === NETWORK_ERROR) {
      this.failed.push(id);
      throw new TypeError('Failed to fetch');
    }
    if (isReply(result)) return answer(result.status, result.json);
    const checked = op.response.safeParse(result);
    if (!checked.success) {
      // Thrown, the app would only see a network error: recorded so the test fails.
      const broken = `Scripted answer of ${op.id} breaks its contract: ${checked.error.message}`;
      this.violations.push(broken);
      this.failed.push(id);
      throw new Error(broken);
    }
    return answer(200, result);
  };
}

const OPERATOR = 'operator@example.com';

/** The query as the gateway's Express reads it: a name given twice is a list. */
function queryOf(search: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(search.keys())) {
    const values = search.getAll(name);
    query[name] = values.length === 1 ? values[0]! : values;
  }
  return query;
}

function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && (value as Reply).kind === 'reply';
}

function json(status: number, value: unknown): Response {
  return new Response(JSON.stringify(value), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A promise the test settles itself (to look at a screen while a call is in flight). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
