import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { boundaryCases, type RequestCase } from '@onboarding/contracts/testing';
import { Browser } from '@onboarding/test-support';
import { refusal, sendCase, startExampleStack } from './support/request-cases.js';
import type { FaultStack } from './support/stack.js';

/**
 * Each bound of the request schemas, over HTTP (the contracts' REQUEST_BOUNDS): a field at its
 * bound passes the gateway's check, one over it is a 400 VALIDATION_FAILED naming the field, and
 * nothing goes upstream. packages/contracts/test/boundaries.test.ts checks the same cases in zod.
 */
describe('the gateway holds each bound of every operation', () => {
  let s: FaultStack;
  beforeAll(async () => {
    s = await startExampleStack();
  });
  afterAll(async () => {
    await s.close();
  });

  /** The answer to a case (sign-in from a browser of its own: the stack's stays signed in). */
  async function answer(c: RequestCase) {
    const browser = c.op.area === 'session' ? new Browser(s.gw.url) : s.browser;
    const res = await sendCase(s, browser, c);
    return { res, refusedAt: refusal(res).refusedAt };
  }
  const cases = boundaryCases();

  it.each(cases.filter((c) => !c.refusedAt).map((c) => [c.name, c] as const))(
    '%s',
    async (_name, c) => {
      const { res, refusedAt } = await answer(c);
      // Past the check: whatever answers next (the upstream, or the operator store, which has
      // no view of that id, or already one of that name: a 404 or a 409, never a 400).
      expect({ status: res.status, refusedAt }).not.toMatchObject({ status: 400 });
    },
  );

  it.each(cases.filter((c) => c.refusedAt).map((c) => [c.name, c] as const))(
    '%s',
    async (_name, c) => {
      const before = s.upstream.requests.length;
      const { res, refusedAt } = await answer(c);
      expect({ status: res.status, refusedAt }).toEqual({
        status: 400,
        refusedAt: expect.arrayContaining([c.refusedAt]),
      });
      const id = res.headers.get('x-request-id');
      expect(id).toBeTruthy();
      expect(
        s.upstream.requests.slice(before).filter((r) => r.headers['x-request-id'] === id),
      ).toEqual([]);
    },
  );
});
