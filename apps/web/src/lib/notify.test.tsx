import { afterEach, describe, expect, it } from '@jest/globals';
import { ToastProvider } from '@onboarding/ui';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { useNotify } from './notify';
import { routePath } from './routes';

afterEach(cleanup);

function Saver() {
  const notify = useNotify();
  return (
    <button onClick={() => notify('Saved', { thenGoTo: routePath('remOmniSeeAll') })}>Save</button>
  );
}

describe('useNotify', () => {
  it('shows the message, then goes to the named route once it has gone', async () => {
    const router = createMemoryRouter(
      [
        { path: '/form', element: <Saver /> },
        { path: '/rem_omni/see_all', element: <h1>Setups</h1> },
      ],
      { initialEntries: ['/form'] },
    );
    render(
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Save' }).click());
    expect(await screen.findByRole('alert')).toHaveTextContent('Saved');
    expect(router.state.location.pathname).toBe('/form');
    await waitFor(() => expect(router.state.location.pathname).toBe('/rem_omni/see_all'), {
      timeout: 5000,
    });
    // The route changes before React has drawn its screen.
    expect(await screen.findByRole('heading', { name: 'Setups' })).toBeInTheDocument();
  });

  it('shows a message as information unless told otherwise', async () => {
    function Copier() {
      const notify = useNotify();
      return <button onClick={() => notify('Copied')}>Copy</button>;
    }
    const router = createMemoryRouter([{ path: '/form', element: <Copier /> }], {
      initialEntries: ['/form'],
    });
    render(
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Copy' }).click());
    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent('Copied');
    expect(message).toHaveClass('MuiAlert-colorInfo');
  });
});
