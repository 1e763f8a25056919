import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fleetOps, remOmniOps, sessionOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { envelope, FakeGateway, NETWORK_ERROR, reply } from '@test/fake-gateway';
import { ApiError, call, setUnauthorizedHandler } from './api-client';
import { EARLY_REQUEST_TTL_MS, sendEarly } from './early-requests';
import { SESSION_ENDED } from './unauthorized';

function use(gateway: FakeGateway) {
  globalThis.fetch = gateway.fetch;
  return gateway;
}

afterEach(() => setUnauthorizedHandler(null));

interface Sent {
  url: string;
  init: RequestInit;
}

/**
 * A gateway (or a proxy before it) that answers every request with this status and raw text,
 * which the fake gateway, answering JSON only, cannot; records what was sent.
 */
function answerRaw(status: number, text: string): Sent[] {
  const sent: Sent[] = [];
  globalThis.fetch = (input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({ url: input instanceof Request ? input.url : input.toString(), init });
    return Promise.resolve(new Response(text, { status }));
  };
  return sent;
}

/** A connection that fails with this error before any answer. */
function failWith(error: Error): void {
  globalThis.fetch = () => Promise.reject(error);
}

describe('the api client', () => {
  it('sends POST bodies as JSON with the CSRF header, and an empty body as {}', async () => {
    const gateway = use(new FakeGateway().on(remOmniOps.getRetailers, { data: [] }));
    await call(remOmniOps.getRetailers);
    const [req] = gateway.requests;
    expect(req?.path).toBe('/api/proxy/customer-setup/rem_omni/getRetailers');
    expect(req?.body).toEqual({});
    expect(req?.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(gateway.violations).toEqual([]);
  });

  it('puts declared query params in the query string', async () => {
    const gateway = use(
      new FakeGateway().on(remOmniOps.browseNodes, { data: { mapping: [], browseNodes: [] } }),
    );
    await call(remOmniOps.browseNodes, { query: { setupId: '12' } });
    expect(gateway.requests[0]?.query).toEqual({ setupId: '12' });
  });

  it('sends GET requests without a body and parses the answer with the contract', async () => {
    const gateway = use(
      new FakeGateway().on(sessionOps.config, {
        user: { email: 'a@b.test' },
        dashboardBaseUrl: 'http://d.test',
        extra: true,
      }),
    );
    const config = await call(sessionOps.config);
    expect(config.user.email).toBe('a@b.test');
    expect(gateway.requests[0]?.body).toBeUndefined();
  });

  it('turns the error envelope into a typed error carrying the server message', async () => {
    use(
      new FakeGateway().on(
        remOmniOps.allSetup,
        envelope(400, 'VALIDATION_FAILED', 'limit must be at most 100'),
      ),
    );
    const error = await call(remOmniOps.allSetup, {
      body: { searchText: '', limit: 20, offset: 0 },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      serverMessage: 'limit must be at most 100',
      requestId: 'req-test',
    });
  });

  it('keeps a top-level message of a non-envelope error', async () => {
    use(new FakeGateway().on(remOmniOps.getRetailers, reply(409, { message: 'Busy' })));
    await expect(call(remOmniOps.getRetailers)).rejects.toMatchObject({
      status: 409,
      code: 'HTTP_ERROR',
      message: 'Busy',
      serverMessage: 'Busy',
    });
  });

  it.each([
    ['a page that is not JSON', '<html><body>502 Bad Gateway</body></html>'],
    ['an empty answer', ''],
    ['JSON null', 'null'],
    ['an object without a message', '{"detail":"Busy"}'],
    ['a message that is not text', '{"message":42}'],
    ['an empty message', '{"message":""}'],
  ])('tells the status alone of an error answered with %s', async (_what, text) => {
    answerRaw(502, text);
    const error = await call(remOmniOps.getRetailers).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect({ ...(error as ApiError), message: (error as ApiError).message }).toMatchObject({
      status: 502,
      code: 'HTTP_ERROR',
      message: 'Request failed with status 502',
      serverMessage: undefined,
    });
  });

  it('takes an answer that is plain text as that text', async () => {
    answerRaw(200, 'https://idp.example/logout');
    await expect(call(sessionOps.logout, { body: {} })).resolves.toBe('https://idp.example/logout');
  });

  it.each([
    ['empty', ''],
    ['only blank', ' \n '],
  ])('reports an answer that is %s as unexpected, not as text', async (_what, text) => {
    answerRaw(200, text);
    await expect(call(sessionOps.logout, { body: {} })).rejects.toMatchObject({
      status: 200,
      code: 'BAD_RESPONSE',
      message: 'Unexpected answer from session.logout',
    });
  });

  it('sends the session cookie with every call, to its own origin only', async () => {
    const sent = answerRaw(200, '{"data":[]}');
    await call(remOmniOps.getRetailers);
    expect(sent[0]?.init.credentials).toBe('same-origin');
  });

  it('leaves absent query params out of the address', async () => {
    const gateway = use(new FakeGateway().on(fleetOps.failures, fixtures.fleetFailures()));
    await call(fleetOps.failures, { query: { flow: 'rem_omni', productId: undefined } });
    expect(gateway.requests[0]?.query).toEqual({ flow: 'rem_omni' });
    expect(gateway.violations).toEqual([]);
  });

  it('writes numbers and flags in the query as text, and an empty query as none', async () => {
    const sent = answerRaw(200, '{"data":[]}');
    const query = { n: 7, on: false, gone: undefined, nested: { a: 1 } };
    await call(remOmniOps.getRetailers, { query } as never);
    await call(remOmniOps.getRetailers, { query: {} } as never);
    expect(sent.map((s) => s.url)).toEqual([
      '/api/proxy/customer-setup/rem_omni/getRetailers?n=7&on=false',
      '/api/proxy/customer-setup/rem_omni/getRetailers',
    ]);
  });

  it('reports an answer that breaks the contract instead of passing it on', async () => {
    use(new FakeGateway().on(remOmniOps.getRetailers, reply(200, { data: 'nope' })));
    await expect(call(remOmniOps.getRetailers)).rejects.toMatchObject({
      status: 200,
      code: 'BAD_RESPONSE',
      message: 'Unexpected answer from rem_omni.getRetailers',
    });
  });

  it('reports a network failure as such', async () => {
    use(new FakeGateway().on(remOmniOps.getRetailers, NETWORK_ERROR));
    const error = await call(remOmniOps.getRetailers).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', status: 0, message: 'Network error' });
    expect((error as ApiError).isNetworkError).toBe(true);
  });

  it('passes on a cancelled call as cancelled, not as a failure', async () => {
    const aborted = new DOMException('The operation was aborted.', 'AbortError');
    failWith(aborted);
    await expect(call(remOmniOps.getRetailers)).rejects.toBe(aborted);
  });

  it('reports a call that timed out as a network failure, not as cancelled', async () => {
    failWith(new DOMException('The operation timed out.', 'TimeoutError'));
    await expect(call(remOmniOps.getRetailers)).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });

  it('sends the operator to login on a 401, unless the caller handles it', async () => {
    const handler = jest.fn();
    setUnauthorizedHandler(handler);
    use(
      new FakeGateway()
        .on(remOmniOps.getRetailers, envelope(401, 'UNAUTHENTICATED', 'Sign in'))
        .on(sessionOps.config, envelope(401, 'UNAUTHENTICATED', 'Sign in')),
    );
    await expect(call(remOmniOps.getRetailers)).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
    await expect(
      call(sessionOps.config, {}, { redirectOnUnauthorized: false }),
    ).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('leaves a 401 to a caller that handles it, and sends to login on a later one', async () => {
    const handler = jest.fn();
    setUnauthorizedHandler(handler);
    use(new FakeGateway().on(sessionOps.config, envelope(401, 'UNAUTHENTICATED', 'Sign in')));
    await expect(
      call(sessionOps.config, {}, { redirectOnUnauthorized: false }),
    ).rejects.toMatchObject({ status: 401 });
    expect(handler).not.toHaveBeenCalled();
    await expect(call(sessionOps.config)).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('sends nobody to login on an error other than 401', async () => {
    const handler = jest.fn();
    setUnauthorizedHandler(handler);
    use(new FakeGateway().on(remOmniOps.getRetailers, envelope(403, 'FORBIDDEN', 'No')));
    await expect(call(remOmniOps.getRetailers)).rejects.toMatchObject({ status: 403 });
    expect(handler).not.toHaveBeenCalled();
  });

  it('sends nothing needing a session once it ended, until a session check answers', async () => {
    setUnauthorizedHandler(jest.fn());
    const retailers = remOmniOps.getRetailers;
    const gateway = use(
      new FakeGateway()
        .on(retailers, envelope(401, 'UNAUTHENTICATED', 'Sign in'))
        .on(sessionOps.config, fixtures.sessionConfig()),
    );
    await expect(call(retailers)).rejects.toMatchObject({ status: 401 });
    await expect(call(retailers)).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: SESSION_ENDED,
    });
    expect(gateway.callsTo(retailers)).toHaveLength(1);

    await call(sessionOps.config);
    expect(gateway.callsTo(sessionOps.config)).toHaveLength(1);
    gateway.on(retailers, { data: [] });
    await call(retailers);
    expect(gateway.callsTo(retailers)).toHaveLength(2);
  });
});

describe('requests a route loader sent before the api client loaded', () => {
  const LIST = remOmniOps.allSetup;
  const PAGE_2 = { searchText: 'acme', limit: 20, offset: 20 };

  it('answers the call for the same request from the early answer, parsed with the contract', async () => {
    const gateway = use(new FakeGateway().on(LIST, [fixtures.setupRow({ clientName: 'Acme' })]));
    void sendEarly(LIST, PAGE_2);
    expect(gateway.requests).toHaveLength(1);
    const rows = await call(LIST, { body: PAGE_2 });
    expect(rows[0]?.clientName).toBe('Acme');
    expect(gateway.requests).toHaveLength(1);
    expect(gateway.requests[0]?.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(gateway.requests[0]?.headers['content-type']).toBe('application/json');
    expect(gateway.violations).toEqual([]);
  });

  it('uses an early answer once: the next call goes to the gateway again', async () => {
    const gateway = use(new FakeGateway().on(LIST, []));
    void sendEarly(LIST, PAGE_2);
    await call(LIST, { body: PAGE_2 });
    await call(LIST, { body: PAGE_2 });
    expect(gateway.requests).toHaveLength(2);
  });

  it('sends its own request when the early one was for another page', async () => {
    const gateway = use(new FakeGateway().on(LIST, []));
    void sendEarly(LIST, PAGE_2);
    await call(LIST, { body: { ...PAGE_2, offset: 40 } });
    expect(gateway.requests.map((r) => (r.body as { offset: number }).offset)).toEqual([20, 40]);
  });

  it('does not send the same early request twice while the first is fresh', () => {
    const gateway = use(new FakeGateway().on(LIST, []));
    void sendEarly(LIST, PAGE_2);
    void sendEarly(LIST, PAGE_2);
    expect(gateway.requests).toHaveLength(1);
  });

  it('ignores an early answer older than its time to live', async () => {
    const gateway = use(new FakeGateway().on(LIST, []));
    const now = jest.spyOn(performance, 'now');
    try {
      now.mockReturnValue(1_000);
      void sendEarly(LIST, PAGE_2);
      now.mockReturnValue(1_000 + EARLY_REQUEST_TTL_MS);
      await call(LIST, { body: PAGE_2 });
    } finally {
      now.mockRestore();
    }
    expect(gateway.requests).toHaveLength(2);
  });

  it('turns an early 401 into the same sign-in redirect as any call', async () => {
    const handler = jest.fn();
    setUnauthorizedHandler(handler);
    use(new FakeGateway().on(LIST, envelope(401, 'UNAUTHENTICATED', 'Sign in')));
    void sendEarly(LIST, PAGE_2);
    await expect(call(LIST, { body: PAGE_2 })).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('reports a network failure of the early request as such', async () => {
    use(new FakeGateway().on(LIST, NETWORK_ERROR));
    void sendEarly(LIST, PAGE_2);
    await expect(call(LIST, { body: PAGE_2 })).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });
});
