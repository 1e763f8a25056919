import { describe, expect, it } from '@jest/globals';
import { buildPath, OPERATIONS } from '@onboarding/contracts';
import { exampleResponse, requestCases } from '@onboarding/contracts/testing';
import { FakeGateway } from './fake-gateway';

/**
 * The stand-in refuses exactly what the real gateway refuses: the contracts' shared request
 * cases, which the gateway's and the sandbox's tests send over HTTP as well.
 */
describe('the gateway stand-in checks requests as the gateway does', () => {
  const gateway = OPERATIONS.reduce((g, op) => g.on(op, exampleResponse(op)), new FakeGateway());

  it.each(requestCases().map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const { op, request } = c;
    const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
    const res = await gateway.fetch(buildPath(op.path, request.params) + query, {
      method: op.method,
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
      ...(op.method === 'GET' ? {} : { body: JSON.stringify(request.body ?? {}) }),
    });
    const answer = (await res.json()) as { error?: { issues?: { path: unknown[] }[] } };
    const refusedAt = res.status === 400 ? (answer.error?.issues ?? []).map((i) => i.path) : [];
    if (c.refusedAt) expect(refusedAt).toContainEqual(c.refusedAt);
    else expect({ status: res.status, refusedAt }).toEqual({ status: 200, refusedAt: [] });
  });
});
