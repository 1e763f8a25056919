import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { useRouteMeta } from './route-meta';

afterEach(cleanup);

/** Shows the current route's meta as text, `null` when there is none. */
function Meta() {
  return <output>{JSON.stringify(useRouteMeta())}</output>;
}

function renderAt(address: string, routes: RouteObject[]) {
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [address] })} />);
  return JSON.parse(screen.getByRole('status').textContent ?? '') as unknown;
}

describe('the current named route', () => {
  it("is the route's name with its title and form mode from the route table", () => {
    const meta = renderAt('/rem_omni/editSetup/102', [
      {
        path: '/rem_omni/editSetup/:setupId',
        handle: { route: 'remOmniEditSetup' },
        element: <Meta />,
      },
    ]);
    expect(meta).toEqual({
      name: 'remOmniEditSetup',
      path: '/rem_omni/editSetup/:setupId',
      title: 'Edit Setup',
      mode: 'edit',
    });
  });

  it('is the innermost named route of the matched ones', () => {
    const meta = renderAt('/product/7/failures', [
      {
        path: '/',
        handle: { route: 'remOmniSeeAll' },
        element: <Outlet />,
        children: [
          { path: 'product/:id/failures', handle: { route: 'productFailures' }, element: <Meta /> },
        ],
      },
    ]);
    expect(meta).toEqual({
      name: 'productFailures',
      path: '/product/:id/failures',
      title: 'Failures',
    });
  });

  it('is none where no matched route is named', () => {
    const meta = renderAt('/nowhere', [{ path: '*', element: <Meta /> }]);
    expect(meta).toBeNull();
  });
});
