import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { useRouteIds } from './use-route-ids';

afterEach(cleanup);

/** What each render of the step screen got from useRouteIds('setupId', 'id'), in order. */
function renderStepScreen(path: string, names: string[] = ['setupId', 'id']) {
  const seen: (Record<string, number> | null)[] = [];
  function StepScreen() {
    seen.push(useRouteIds(...names));
    return null;
  }
  const router = createMemoryRouter(
    [
      { path: '/setups/:setupId/steps/:id', element: <StepScreen /> },
      { path: '/setups/:setupId', element: <StepScreen /> },
    ],
    { initialEntries: [path] },
  );
  const view = render(<RouterProvider router={router} />);
  return {
    seen,
    latest: () => seen.at(-1),
    go: (to: string) => act(() => router.navigate(to)),
    rerender: () => view.rerender(<RouterProvider router={router} />),
  };
}

describe("the route's ids", () => {
  it('gives each id param named, as a number', () => {
    const step = renderStepScreen('/setups/12/steps/3');
    expect(step.latest()).toStrictEqual({ setupId: 12, id: 3 });
  });

  it('gives only the params asked for', () => {
    const step = renderStepScreen('/setups/12/steps/3', ['id']);
    expect(step.latest()).toStrictEqual({ id: 3 });
  });

  it('gives null when a param named is not an id', () => {
    expect(renderStepScreen('/setups/12/steps/03').latest()).toBeNull();
    cleanup();
    expect(renderStepScreen('/setups/abc/steps/3').latest()).toBeNull();
  });

  it('gives null when the route has no param of a name asked for', () => {
    expect(renderStepScreen('/setups/12').latest()).toBeNull();
  });

  it('gives the same object while the address names the same ids', async () => {
    const step = renderStepScreen('/setups/12/steps/3');
    step.rerender();
    await step.go('/setups/12/steps/3?tab=history');
    expect(step.seen.length).toBeGreaterThan(1);
    expect(new Set(step.seen).size).toBe(1);
  });

  it('gives the new ids once the address names others', async () => {
    const step = renderStepScreen('/setups/12/steps/3');
    await step.go('/setups/12/steps/4');
    expect(step.latest()).toStrictEqual({ setupId: 12, id: 4 });
  });
});
