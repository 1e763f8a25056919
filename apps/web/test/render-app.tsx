import { jest } from '@jest/globals';
import { createMemoryRouter } from 'react-router-dom';
import { makeRouter } from '@/app/router';
import { ExternalNavigationContext } from '@/lib/browser';
import { createQueryClient } from '@/lib/query-client';
import type { FakeGateway } from './fake-gateway';
import { renderRouter } from './render-routes';

/** The whole app at `path`, talking to `gateway`; leaving for another site is recorded. */
export function renderApp(path: string, gateway: FakeGateway) {
  gateway.install();
  const queryClient = createQueryClient();
  const router = makeRouter(queryClient, (routes) =>
    createMemoryRouter(routes, { initialEntries: [path] }),
  );
  const external = { assign: jest.fn<(url: string) => void>() };
  const app = renderRouter(router, queryClient, (tree) => (
    <ExternalNavigationContext.Provider value={external}>{tree}</ExternalNavigationContext.Provider>
  ));
  return { ...app, external };
}
