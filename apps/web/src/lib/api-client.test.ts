import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { remOmniOps, sessionOps } from '@onboarding/contracts';
import { envelope, FakeGateway, NETWORK_ERROR, reply } from '@test/fake-gateway';
import { ApiError, call, setUnauthorizedHandler } from './api-client';

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
