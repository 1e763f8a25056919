/**
 * Requests a route loader sends before the api client has loaded. The api client's chunk
 * brings Zod and the contracts' schemas, which the entry does not carry; a screen whose first
 * data request should leave together with its code sends that request from here (a bare
 * `fetch`, same headers as the client), and the api client takes the answer over when its call
 * for the same method, address and body comes, parsing it with the contract as usual.
 *
 * An early answer is used once, and only within `EARLY_REQUEST_TTL_MS` of being sent: a later
 * call goes to the network as it would have.
 *
 * Method and address come from the contracts' route table (`@onboarding/contracts/routes`), which
 * imports nothing: the entry stays free of Zod.
 */
import type { Route } from '@onboarding/contracts/routes';
import type { RouteName } from './routes';

/** The headers of every call to the gateway (spec: JSON and X-Requested-With on every write). */
export function gatewayHeaders(method: string): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  if (method !== 'GET') headers['Content-Type'] = 'application/json';
  return headers;
}

export const EARLY_REQUEST_TTL_MS = 10_000;

/** What a screen's early requests are made from: the address and the route's params. */
export interface EarlyArgs {
  request: Request;
  params: Readonly<Record<string, string | undefined>>;
  /** The route's params as ids (lib/route-id.ts): a route with a bad id sends nothing. */
  ids: Readonly<Record<string, number>>;
}

/** A screen's first data requests; sent once the session check has answered signed-in. */
export type EarlyRequests = (args: EarlyArgs) => void;

/** A feature's screens that send early requests (its `first-load.ts`), by route name. */
export type FirstLoadRequests = Partial<Record<RouteName, EarlyRequests>>;

interface EarlyRequest {
  response: Promise<Response>;
  sentAt: number;
}

const pending = new Map<string, EarlyRequest>();

function keyOf(method: string, url: string, body: string | undefined): string {
  return `${method} ${url}\n${body ?? ''}`;
}

/** The JSON text the api client sends for `body` (an absent body is sent as `{}`). */
export function bodyText(method: string, body: unknown): string | undefined {
  return method === 'GET' ? undefined : JSON.stringify(body ?? {});
}

/**
 * Sends a request now, for the api client to take over; a fresh identical one is not re-sent.
 * Its answer (the identical pending one's) is for reading the status only: the body is the api
 * client's.
 */
export function sendEarly({ method, path: url }: Route, body?: unknown): Promise<Response> {
  const now = performance.now();
  for (const [key, entry] of pending) {
    if (now - entry.sentAt >= EARLY_REQUEST_TTL_MS) pending.delete(key);
  }
  const text = bodyText(method, body);
  const key = keyOf(method, url, text);
  const sent = pending.get(key);
  if (sent) return sent.response;
  const response = fetch(url, {
    method,
    headers: gatewayHeaders(method),
    credentials: 'same-origin',
    ...(text === undefined ? {} : { body: text }),
  });
  // The caller that takes it over sees a rejection; an answer nobody takes is simply dropped.
  response.catch(() => undefined);
  pending.set(key, { response, sentAt: now });
  return response;
}

/** The early answer for exactly this request, once, if it is recent enough. */
export function takeEarly(
  method: string,
  url: string,
  body: string | undefined,
): Promise<Response> | undefined {
  const key = keyOf(method, url, body);
  const entry = pending.get(key);
  if (!entry) return undefined;
  pending.delete(key);
  return performance.now() - entry.sentAt < EARLY_REQUEST_TTL_MS ? entry.response : undefined;
}

/** Forgets every early request (tests). */
export function clearEarlyRequests(): void {
  pending.clear();
}
