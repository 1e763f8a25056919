import { ThemeProvider } from '@mui/material/styles';
import { createAppTheme, ToastProvider } from '@onboarding/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { createQueryClient } from '@/lib/query-client';
import type { FakeGateway } from './fake-gateway';

const theme = createAppTheme();

/** Renders routes as the app does (router, server state, theme, bottom-centre message). */
export function renderRoutes(routes: RouteObject[], path: string, gateway: FakeGateway) {
  globalThis.fetch = gateway.fetch;
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, user, path: () => router.state.location.pathname };
}
