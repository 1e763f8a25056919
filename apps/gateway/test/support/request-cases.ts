import { buildPath, OPERATIONS, upstreamPath } from '@onboarding/contracts';
import { exampleResponse, type RequestCase } from '@onboarding/contracts/testing';
import type { Browser } from '@onboarding/test-support';
import { json } from './fault-server.js';
import { startFaultStack, type FaultStack } from './stack.js';

/**
 * A fault stack whose upstream answers each declared upstream operation, called as in its
 * example, with the example's response: what the contracts' request cases are sent to.
 */
export async function startExampleStack(): Promise<FaultStack> {
  const s = await startFaultStack();
  for (const op of OPERATIONS.filter((o) => o.service !== 'gateway')) {
    const base = op.service === 'llm' ? '/llm' : '/customer-setup';
    s.upstream.on(`${base}${buildPath(upstreamPath(op), op.example.params)}`, (_req, res) =>
      json(res, 200, exampleResponse(op)),
    );
  }
  return s;
}

/** A request case's address on the stack's gateway, and its JSON body (POST and PUT only). */
export function caseRequest(s: FaultStack, { op, request }: RequestCase) {
  const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
  const url = `${s.gw.url}${buildPath(op.path, request.params)}${query}`;
  const body = op.method === 'POST' || op.method === 'PUT' ? (request.body ?? {}) : undefined;
  return { url, body };
}

/** A case sent as is from `browser`. */
export function sendCase(s: FaultStack, browser: Browser, c: RequestCase) {
  const { url, body } = caseRequest(s, c);
  return browser.request(c.op.method, url, body === undefined ? {} : { json: body });
}

/** Where a refusal's VALIDATION_FAILED issues point, and the error's code. */
export function refusal(res: { json: unknown }) {
  const error = (res.json as { error?: { code: string; issues?: { path: unknown[] }[] } }).error;
  const refusedAt =
    error?.code === 'VALIDATION_FAILED' ? (error.issues ?? []).map((i) => i.path) : [];
  return { code: error?.code, refusedAt };
}
