import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { Providers } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import type { FakeGateway } from './fake-gateway';

type Router = ReturnType<typeof createMemoryRouter>;

/**
 * Renders `router` inside the app's providers (server state, theme, bottom-centre message),
 * `wrap` adding any outer context; with a user to drive it and the router's location.
 */
export function renderRouter(
  router: Router,
  queryClient: QueryClient,
  wrap: (app: ReactElement) => ReactElement = (app) => app,
) {
  const user = userEvent.setup();
  const view = render(
    wrap(
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>,
    ),
  );
  const path = () => router.state.location.pathname;
  const location = () => router.state.location.pathname + router.state.location.search;
  return { ...view, router, queryClient, user, path, location };
}

/** Renders `routes` at `path` as the app does, talking to `gateway` when one is given. */
export function renderRoutes(routes: RouteObject[], path: string, gateway?: FakeGateway) {
  gateway?.install();
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return renderRouter(router, queryClient);
}
