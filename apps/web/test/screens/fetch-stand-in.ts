/**
 * A stand-in for the gateway in component tests (jsdom has no network): the app's real api
 * client calls `fetch`, and this answers declared operations only, validating each request
 * body with the operation's own schema (a 400 envelope when it does not match, so a wrong
 * payload fails the test), with switches to fail or hold a call.
 */
import type { AnyOperation } from '@onboarding/contracts';

interface FakeRequest {
  params: Record<string, string>;
  body: unknown;
  query: URLSearchParams;
}

interface FakeResponse {
  status: number;
  body: unknown;
}

type Handler = (request: FakeRequest) => unknown;

interface Route {
  op: AnyOperation;
  pattern: RegExp;
  keys: string[];
  handler: Handler;
}

const REPLY = Symbol('reply');

/** A handler's answer with a status other than 200. */
function reply(status: number, body: unknown): FakeResponse {
  return Object.assign({ status, body }, { [REPLY]: true });
}

function isReply(value: unknown): value is FakeResponse {
  return typeof value === 'object' && value !== null && REPLY in value;
}

/** The gateway's error envelope. */
export function envelope(status: number, code: string, message: string): FakeResponse {
  return reply(status, { error: { code, message, requestId: 'test-request' } });
}

export class FakeGateway {
  readonly calls: { opId: string; body: unknown; params: Record<string, string> }[] = [];
  private readonly routes: Route[] = [];
  private readonly faults = new Map<string, FakeResponse>();
  private readonly holds = new Map<string, Promise<void>>();
  private readonly originalFetch = globalThis.fetch;

  /** Answers `op` with `handler` (its return value is the 200 body), replacing any earlier one. */
  on(op: AnyOperation, handler: Handler): this {
    const earlier = this.routes.findIndex((r) => r.op.id === op.id);
    if (earlier >= 0) this.routes.splice(earlier, 1);
    const keys: string[] = [];
    const source = op.path.replace(/:([A-Za-z0-9_]+)/g, (_m, key: string) => {
      keys.push(key);
      return '([^/]+)';
    });
    this.routes.push({ op, pattern: new RegExp(`^${source}$`), keys, handler });
    return this;
  }

  /** Every later call of `op` answers with this failure until `heal(op)`. */
  fail(
    op: AnyOperation,
    response: FakeResponse = envelope(502, 'UPSTREAM_ERROR', 'Upstream failed'),
  ) {
    this.faults.set(op.id, response);
  }

  heal(op: AnyOperation) {
    this.faults.delete(op.id);
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

  callsOf(op: AnyOperation) {
    return this.calls.filter((c) => c.opId === op.id);
  }

  install(): this {
    globalThis.fetch = ((input: string, init?: RequestInit) =>
      this.handle(String(input), init)) as typeof fetch;
    return this;
  }

  uninstall() {
    globalThis.fetch = this.originalFetch;
  }

  private async handle(url: string, init: RequestInit = {}): Promise<Response> {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    const method = init.method ?? 'GET';
    const route = this.routes.find((r) => r.op.method === method && r.pattern.test(pathname));
    const respond = (res: FakeResponse) =>
      ({
        ok: res.status >= 200 && res.status < 300,
        status: res.status,
        text: () => Promise.resolve(res.body === undefined ? '' : JSON.stringify(res.body)),
      }) as Response;
    if (!route) return respond(envelope(404, 'NOT_FOUND', `No route for ${method} ${pathname}`));

    const match = route.pattern.exec(pathname);
    const params = Object.fromEntries(
      route.keys.map((key, i) => [key, decodeURIComponent(match?.[i + 1] ?? '')]),
    );
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    this.calls.push({ opId: route.op.id, body, params });

    await this.holds.get(route.op.id);
    const fault = this.faults.get(route.op.id);
    if (fault) return respond(fault);
    if (route.op.body && method !== 'GET') {
      const parsed = route.op.body.safeParse(body);
      if (!parsed.success) {
        return respond(envelope(400, 'VALIDATION_FAILED', parsed.error.issues[0]?.message ?? ''));
      }
    }
    try {
      const result = route.handler({ params, body, query: searchParams });
      if (isReply(result)) return respond(result);
      return respond({ status: 200, body: result });
    } catch (error) {
      return respond(envelope(500, 'INTERNAL', String(error)));
    }
  }
}
