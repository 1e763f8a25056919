import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { watchOps } from '@onboarding/contracts';
import { type RequestCase, requestCases } from '@onboarding/contracts/testing';
import { Browser } from '@onboarding/test-support';
import { caseRequest, refusal, sendCase, startExampleStack } from './support/request-cases.js';
import { openStream } from './support/sse.js';
import type { FaultStack } from './support/stack.js';

/**
 * The gateway refuses exactly what the sandbox and the web tests' stand-in refuse: the
 * contracts' shared request cases, through the contract pipe (proxied calls) and the sign-in
 * guard (getAuthUrl). A refusal is a 400 VALIDATION_FAILED naming the field, and nothing goes
 * upstream; an accepted request is answered as usual.
 */
describe('the gateway checks requests with the contracts’ one check', () => {
  let s: FaultStack;
  beforeAll(async () => {
    s = await startExampleStack();
  });
  afterAll(async () => {
    await s.close();
  });

  async function send(c: RequestCase) {
    // Sign-in and logout from a browser of their own: the stack's stays signed in.
    const browser =
      c.op.area === 'session' && c.op.method !== 'GET' ? new Browser(s.gw.url) : s.browser;
    if (c.op.id === watchOps.stream.id) {
      // An event stream does not end: its status and headers are the answer, or its refusal.
      const stream = await openStream(browser, caseRequest(s, c).url);
      stream.close();
      return {
        status: stream.status,
        headers: new Headers(stream.headers as Record<string, string>),
        json: (stream.status === 200 ? {} : JSON.parse(stream.raw())) as unknown,
      };
    }
    return sendCase(s, browser, c);
  }

  /** The answer to a case, its error code, and the paths a validation refusal named. */
  async function answer(c: RequestCase) {
    const res = await send(c);
    return { res, ...refusal(res) };
  }
  const cases = requestCases();
  /** Accepted, and sent to the operator store, which has no view of that id. */
  const toNoView = (c: RequestCase) => c.op.area === 'views' && c.request.params?.id;
  const named = (list: RequestCase[]) => list.map((c) => [c.name, c] as const);

  it.each(named(cases.filter((c) => c.refusedAt)))('%s', async (_name, c) => {
    const before = s.upstream.requests.length;
    const { res, refusedAt } = await answer(c);
    expect({ status: res.status, refusedAt }).toEqual({
      status: 400,
      refusedAt: expect.arrayContaining([c.refusedAt]),
    });
    // Nothing upstream for this request (its id travels with every upstream call it makes); a
    // fleet snapshot an earlier case started may still be reading in the background.
    const id = res.headers.get('x-request-id');
    expect(id).toBeTruthy();
    expect(
      s.upstream.requests.slice(before).filter((r) => r.headers['x-request-id'] === id),
    ).toEqual([]);
  });

  it.each(named(cases.filter((c) => !c.refusedAt && toNoView(c))))('%s', async (_name, c) => {
    // The check let it through to the operator store, which has no view of that id.
    const { res, code } = await answer(c);
    expect({ status: res.status, code }).toEqual({ status: 404, code: 'NOT_FOUND' });
  });

  it.each(named(cases.filter((c) => !c.refusedAt && !toNoView(c))))('%s', async (_name, c) => {
    const { res, refusedAt } = await answer(c);
    expect({ status: res.status, refusedAt }).toEqual({ status: 200, refusedAt: [] });
  });
});
