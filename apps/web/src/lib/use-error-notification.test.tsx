import { afterEach, describe, expect, it } from '@jest/globals';
import { ToastProvider } from '@onboarding/ui';
import { cleanup, render, screen } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ApiError } from './api-error';
import { useNotify } from './notify';
import { useErrorNotification } from './use-error-notification';

afterEach(cleanup);

/** The shell: says it is ready, so that the message's own code has loaded before the screen. */
function Shell({ children }: { children?: ReactNode }) {
  const notify = useNotify();
  useEffect(() => notify('Ready'), [notify]);
  return children;
}

function PromptsScreen({ error, when }: { error: unknown; when?: boolean | undefined }) {
  useErrorNotification(error, when);
  return <h1>Prompts</h1>;
}

/** The screen, shown once the shell's message is; `show` rerenders it with another failure. */
async function renderScreen(error: unknown, when?: boolean) {
  const app = (screenProps?: { error: unknown; when?: boolean | undefined }) => (
    <MemoryRouter>
      <ToastProvider>
        <Shell>{screenProps && <PromptsScreen {...screenProps} />}</Shell>
      </ToastProvider>
    </MemoryRouter>
  );
  const view = render(app());
  expect(await screen.findByRole('alert')).toHaveTextContent('Ready');
  view.rerender(app({ error, when }));
  return { show: (next: unknown) => view.rerender(app({ error: next, when })) };
}

const message = () => screen.getByRole('alert');

const upstream = () =>
  new ApiError({
    status: 502,
    code: 'UPSTREAM_ERROR',
    message: 'Bad gateway',
    serverMessage: 'The prompts service did not answer',
  });

describe('a failed load as a notification', () => {
  it("shows the failure's message as an error", async () => {
    await renderScreen(upstream());
    expect(message()).toHaveTextContent('The prompts service did not answer');
    expect(message()).toHaveClass('MuiAlert-colorError');
  });

  it('shows a failure that comes after the screen first drew', async () => {
    const prompts = await renderScreen(null);
    expect(message()).toHaveTextContent('Ready');
    prompts.show(upstream());
    expect(message()).toHaveTextContent('The prompts service did not answer');
  });

  it('shows nothing without a failure', async () => {
    await renderScreen(null);
    expect(message()).toHaveTextContent('Ready');
  });

  it('shows nothing on a screen that shows its failures in place', async () => {
    const prompts = await renderScreen(upstream(), false);
    expect(message()).toHaveTextContent('Ready');
    prompts.show(null);
    expect(message()).toHaveTextContent('Ready');
  });

  it('shows nothing for a session end, which the sign-in page tells', async () => {
    await renderScreen(new ApiError({ status: 401, code: 'UNAUTHENTICATED', message: 'Sign in' }));
    expect(message()).toHaveTextContent('Ready');
  });
});
