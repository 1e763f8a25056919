import { describe, expect, it, jest } from '@jest/globals';
import { sessionOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { envelope, FakeGateway } from '@test/fake-gateway';
import { screenTestHooks } from '@test/screen-hooks';
import { createQueryClient } from './query-client';
import { clientDashboardUrl, configQuery, useSessionConfig } from './session';
import { setUnauthorizedHandler } from './unauthorized';

screenTestHooks();

const CONFIG = fixtures.sessionConfig({
  user: { email: 'operator@example.com' },
  dashboardBaseUrl: 'http://dashboards.test',
});

function renderSession(gateway: FakeGateway) {
  gateway.install();
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const render = () => renderHook(() => useSessionConfig(), { wrapper });
  return { queryClient, render };
}

describe('the session check', () => {
  it('has no session until the check answers, then the signed-in operator', async () => {
    const gateway = new FakeGateway().on(sessionOps.config, CONFIG);
    const { result } = renderSession(gateway).render();
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current?.user.email).toBe('operator@example.com'));
    expect(result.current?.dashboardBaseUrl).toBe('http://dashboards.test');
    expect(gateway.requests.map((r) => [r.method, r.path])).toEqual([['GET', '/api/config']]);
  });

  it('asks once per page: a screen mounted later uses the same answer', async () => {
    const gateway = new FakeGateway().on(sessionOps.config, CONFIG);
    const { render } = renderSession(gateway);
    const first = render();
    await waitFor(() => expect(first.result.current).toBeDefined());
    const second = render();
    expect(second.result.current?.user.email).toBe('operator@example.com');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(gateway.callsTo(sessionOps.config)).toHaveLength(1);
  });

  it('leaves a signed-out answer to the guard instead of leading to sign-in itself', async () => {
    const signIn = jest.fn();
    setUnauthorizedHandler(signIn);
    const gateway = new FakeGateway().on(
      sessionOps.config,
      envelope(401, 'UNAUTHENTICATED', 'Sign in'),
    );
    const { queryClient } = renderSession(gateway);
    await expect(queryClient.fetchQuery(configQuery())).rejects.toMatchObject({ status: 401 });
    expect(signIn).not.toHaveBeenCalled();
  });

  it('can be cancelled: the request carries the query’s abort signal', async () => {
    const gateway = new FakeGateway().on(sessionOps.config, CONFIG);
    const { queryClient } = renderSession(gateway);
    const fetchCalls = jest.spyOn(globalThis, 'fetch');
    try {
      await queryClient.fetchQuery(configQuery());
      expect(fetchCalls.mock.calls[0]?.[1]?.signal).toBeInstanceOf(AbortSignal);
    } finally {
      fetchCalls.mockRestore();
    }
  });
});

describe("a client's dashboard link", () => {
  it("leads to the client's Category Leaderboard on the dashboards' host", () => {
    expect(clientDashboardUrl('http://dashboards.test', 5001)).toBe(
      'http://dashboards.test/5001/category-leaderboard',
    );
  });

  it('drops the slashes the host is configured with at its end, and keeps its path', () => {
    expect(clientDashboardUrl('http://dashboards.test/dashboard//', 5001)).toBe(
      'http://dashboards.test/dashboard/5001/category-leaderboard',
    );
    expect(clientDashboardUrl('http://dashboards.test/', 7)).toBe(
      'http://dashboards.test/7/category-leaderboard',
    );
  });
});
