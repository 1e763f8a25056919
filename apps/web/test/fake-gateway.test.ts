import { describe, expect, it } from '@jest/globals';
import { buildPath, OPERATIONS } from '@onboarding/contracts';
import { exampleResponse, type RequestCase, requestCases } from '@onboarding/contracts/testing';
import { FakeGateway } from './fake-gateway';

/**
 * The stand-in refuses exactly what the real gateway refuses: the contracts' shared request
 * cases, which the gateway's and the sandbox's tests send over HTTP as well.
 */
describe('the gateway stand-in checks requests as the gateway does', () => {
  const gateway = OPERATIONS.reduce((g, op) => g.on(op, exampleResponse(op)), new FakeGateway());

  async function answer({ op, request }: RequestCase) {
    const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
    const res = await gateway.fetch(buildPath(op.path, request.params) + query, {
      method: op.method,
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
      ...(op.method === 'GET' ? {} : { body: JSON.stringify(request.body ?? {}) }),
    });
    const body = (await res.json()) as { error?: { issues?: { path: unknown[] }[] } };
    const refusedAt = res.status === 400 ? (body.error?.issues ?? []).map((i) => i.path) : [];
    return { status: res.status, refusedAt };
  }
  const cases = requestCases();

  it.each(cases.filter((c) => c.refusedAt).map((c) => [c.name, c] as const))(
    '%s',
    async (_name, c) => {
      expect((await answer(c)).refusedAt).toContainEqual(c.refusedAt);
    },
  );

  it.each(cases.filter((c) => !c.refusedAt).map((c) => [c.name, c] as const))(
    '%s',
    async (_name, c) => {
      expect(await answer(c)).toEqual({ status: 200, refusedAt: [] });
    },
  );
});
