import { jest } from '@jest/globals';
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Providers } from '@/app/providers';
import { buildRoutes, wireRouter } from '@/app/router';
import { ExternalNavigationContext } from '@/lib/browser';
import { createQueryClient } from '@/lib/query-client';
import type { FakeGateway } from './fake-gateway';

/** The whole app at `path`, talking to `gateway`; leaving for another site is recorded. */
export function renderApp(path: string, gateway: FakeGateway) {
  globalThis.fetch = gateway.fetch;
  const queryClient = createQueryClient();
  const router = createMemoryRouter(buildRoutes(queryClient), { initialEntries: [path] });
  wireRouter(router, queryClient);
  const external = { assign: jest.fn<(url: string) => void>() };
  const user = userEvent.setup();
  const view = render(
    <ExternalNavigationContext.Provider value={external}>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </ExternalNavigationContext.Provider>,
  );
  const location = () => router.state.location.pathname + router.state.location.search;
  return { ...view, router, queryClient, external, user, location };
}
