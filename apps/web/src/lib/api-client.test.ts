import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { remOmniOps, sessionOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { envelope, FakeGateway, NETWORK_ERROR, reply } from '@test/fake-gateway';
import { ApiError, call, setUnauthorizedHandler } from './api-client';
import { EARLY_REQUEST_TTL_MS, sendEarly } from './early-requests';

function use(gateway: FakeGateway) {
  globalThis.fetch = gateway.fetch;
  return gateway;
}

afterEach(() => setUnauthorizedHandler(null));

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
      serverMessage: 'Busy',
    });
  });

  it('reports an answer that breaks the contract instead of passing it on', async () => {
    use(new FakeGateway().on(remOmniOps.getRetailers, reply(200, { data: 'nope' })));
    await expect(call(remOmniOps.getRetailers)).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('reports a network failure as such', async () => {
    use(new FakeGateway().on(remOmniOps.getRetailers, NETWORK_ERROR));
    const error = await call(remOmniOps.getRetailers).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
    expect((error as ApiError).isNetworkError).toBe(true);
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
