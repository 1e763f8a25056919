import { z } from './zod.js';
import {
  API_ROUTES,
  type ApiRoutes,
  type HttpMethod,
  type OperationArea,
  SERVICE_PREFIX,
  type ServiceName,
} from '../routes.js';

export {
  API_PREFIX,
  API_ROUTES,
  type HttpMethod,
  type OperationArea,
  type Route,
  SERVICE_PREFIX,
  type ServiceName,
  SIGN_IN_CALLBACK,
} from '../routes.js';

/** The call groups (docs/requirements.md#calls), with their titles in the API docs. */
export const AREAS = {
  session: 'Session and sign-in',
  fleet: 'Fleet health (one snapshot for every operator)',
  watch: 'Failure watch (events pushed from the fleet snapshot)',
  views: 'Saved views and the filtered fleet list (per operator)',
  rem_omni: 'Category leaderboard setups (rem_omni)',
  categoryanalytics: 'Category analytics',
  meta: 'Per-product setups (meta)',
  product_register: 'Products and steps (product_register)',
  llm: 'Prompts (LLM service)',
  customersetup: 'Legacy customer setups',
} as const satisfies Record<OperationArea, string>;

/** The areas the gateway answers itself: sign-in, the fleet snapshot, the watch, saved views. */
const GATEWAY_AREAS: readonly OperationArea[] = ['session', 'fleet', 'watch', 'views'];

/** The areas the gateway forwards to an upstream: everything it does not answer itself. */
export const PROXY_AREAS = (Object.keys(AREAS) as OperationArea[]).filter(
  (area) => !GATEWAY_AREAS.includes(area),
);

/**
 * Body fields the browser never decides: the gateway overwrites them with the signed-in
 * operator's e-mail before forwarding (docs/security.md#identity-fields).
 */
export type IdentityField = 'createdBy' | 'updatedBy' | 'requestedBy';

/**
 * A valid request of an operation, shown in the API docs (Swagger UI's Try it out starts from
 * it) and used by tests as a request every check accepts.
 */
export interface ExampleRequest {
  query?: Record<string, string>;
  params?: Record<string, string>;
  body?: unknown;
}

export interface OperationDef<
  Q extends z.ZodMiniType = z.ZodMiniType,
  P extends z.ZodMiniType = z.ZodMiniType,
  B extends z.ZodMiniType = z.ZodMiniType,
  R extends z.ZodMiniType = z.ZodMiniType,
> {
  /** Unique id, `<area>.<name>`, e.g. `rem_omni.allSetup`. */
  readonly id: string;
  /** The spec's call name in camelCase (`allSetup`, `reTrigger`, `updateStepOrder`). */
  readonly name: string;
  readonly area: OperationArea;
  readonly service: ServiceName;
  readonly method: HttpMethod;
  /** The path the browser calls on the gateway; path params as `:name`. */
  readonly path: string;
  /** One line for the API docs. */
  readonly summary: string;
  readonly query?: Q;
  readonly params?: P;
  readonly body?: B;
  readonly response: R;
  /** A valid request, declared beside the schemas it passes (the contracts' tests check it). */
  readonly example: ExampleRequest;
  /** Body fields stamped from the session by the gateway. */
  readonly identity?: readonly IdentityField[];
  /** A read that may be retried once (never a write). */
  readonly idempotent?: boolean;
}

/** Declares an operation, keeping its schemas' precise types for clients and handlers. */
export function defineOperation<
  Q extends z.ZodMiniType = z.ZodMiniNever,
  P extends z.ZodMiniType = z.ZodMiniNever,
  B extends z.ZodMiniType = z.ZodMiniNever,
  R extends z.ZodMiniType = z.ZodMiniType,
>(def: OperationDef<Q, P, B, R>): OperationDef<Q, P, B, R> {
  if (def.service !== 'gateway' && !def.path.startsWith(SERVICE_PREFIX[def.service] + '/')) {
    throw new Error(`${def.id}: path ${def.path} is outside ${SERVICE_PREFIX[def.service]}`);
  }
  return Object.freeze(def);
}

export type AnyOperation = OperationDef<z.ZodMiniType, z.ZodMiniType, z.ZodMiniType, z.ZodMiniType>;

/** An operation as an area declares it: its id and name come from its key, its route from API_ROUTES. */
type OperationSpec = Omit<AnyOperation, 'id' | 'name' | 'area' | 'service' | 'method' | 'path'>;
type SchemaOf<S, K extends string> = S extends { readonly [P in K]: infer T extends z.ZodMiniType }
  ? T
  : z.ZodMiniNever;
type Declared<S> = OperationDef<
  SchemaOf<S, 'query'>,
  SchemaOf<S, 'params'>,
  SchemaOf<S, 'body'>,
  SchemaOf<S, 'response'>
>;

/**
 * Declares one area's operations, each under the spec's call name, with exactly the names of its
 * routes in API_ROUTES: its id is `<area>.<name>`, its method and path the route's.
 */
export function defineArea<
  A extends OperationArea,
  const S extends { readonly [K in keyof ApiRoutes[A]]: OperationSpec },
>(
  where: { readonly area: A; readonly service: ServiceName },
  specs: S & Record<Exclude<keyof S, keyof ApiRoutes[A]>, never>,
): { readonly [K in keyof S]: Declared<S[K]> } {
  const routes = API_ROUTES[where.area] as Record<string, { method: HttpMethod; path: string }>;
  const unrouted = Object.keys(specs).filter((name) => !(name in routes));
  const undeclared = Object.keys(routes).filter((name) => !(name in specs));
  if (unrouted.length || undeclared.length)
    throw new Error(
      `${where.area}: declarations and API_ROUTES differ (${[...unrouted, ...undeclared].join(', ')})`,
    );
  return Object.fromEntries(
    Object.entries(specs as Record<string, OperationSpec>).map(([name, spec]) => [
      name,
      defineOperation({
        ...spec,
        id: `${where.area}.${name}`,
        name,
        area: where.area,
        service: where.service,
        method: routes[name]!.method,
        path: routes[name]!.path,
      }),
    ]),
  ) as { readonly [K in keyof S]: Declared<S[K]> };
}

type InferOr<T, Fallback> = T extends z.ZodMiniNever
  ? Fallback
  : T extends z.ZodMiniType
    ? z.input<T>
    : Fallback;

export type OperationQuery<O> =
  O extends OperationDef<infer Q, z.ZodMiniType, z.ZodMiniType, z.ZodMiniType>
    ? InferOr<Q, undefined>
    : never;
export type OperationParams<O> =
  O extends OperationDef<z.ZodMiniType, infer P, z.ZodMiniType, z.ZodMiniType>
    ? InferOr<P, undefined>
    : never;
export type OperationBody<O> =
  O extends OperationDef<z.ZodMiniType, z.ZodMiniType, infer B, z.ZodMiniType>
    ? InferOr<B, undefined>
    : never;
export type OperationResponse<O> =
  O extends OperationDef<z.ZodMiniType, z.ZodMiniType, z.ZodMiniType, infer R>
    ? z.output<R>
    : never;

/** Path params that are plain ids: digits, letters, `-` and `_` only (no traversal, no encoding tricks). */
export const PlainIdSchema = z
  .string()
  .check(
    z.maxLength(64),
    z.regex(/^[A-Za-z0-9_-]+$/, 'Must be a plain id (letters, digits, - and _)'),
  );

/** Query-string ids arrive as text; accept positive integers written in digits only. */
export const QueryIntIdSchema = z.pipe(
  z.string().check(z.maxLength(12), z.regex(/^[0-9]+$/, 'Must be a positive integer')),
  z.transform(Number),
);

/** A whole number in a query (an offset, a page size): `fallback` when absent, at most `max`. */
export const queryCount = (max: number, fallback: number) =>
  z._default(
    z.pipe(
      z.pipe(
        z.string().check(z.maxLength(6), z.regex(/^[0-9]+$/, 'Must be a whole number')),
        z.transform(Number),
      ),
      z.number().check(z.int(), z.gte(0), z.lte(max)),
    ),
    fallback,
  );

/** The body of calls the spec sends with an empty body. */
export const EmptyBodySchema = z.strictObject({}).check(z.describe('Empty body'));

/** Fills `:name` path params, encoding each value. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_m, key: string) => {
    const value = params?.[key];
    if (value === undefined) throw new Error(`Missing path param ${key} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Matches request paths against a declared path (`/api/x/:id`): the params, decoded, or null.
 * Case-sensitive and strict, as the gateway routes; a param never spans a `/`, and a malformed
 * escape in one matches nothing.
 */
export function pathMatcher(path: string): (requestPath: string) => Record<string, string> | null {
  const names: string[] = [];
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(
    `^${escaped.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    })}$`,
  );
  return (requestPath) => {
    const m = pattern.exec(requestPath);
    if (!m) return null;
    try {
      return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
    } catch {
      return null; // a malformed escape: no route answers it (the gateway's 400)
    }
  };
}

/** The upstream path of a proxied operation: the gateway path with the service prefix removed. */
export function upstreamPath(op: AnyOperation): string {
  if (op.service === 'gateway') throw new Error(`${op.id} is answered by the gateway itself`);
  return op.path.slice(SERVICE_PREFIX[op.service].length);
}
