import { describe, expect, it, jest } from '@jest/globals';
import { sessionOps } from '@onboarding/contracts';
import { screen } from '@testing-library/react';
import { FakeGateway } from '@test/fake-gateway';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';

// The browser could not fetch the sign-in code: every import of it fails, as offline.
jest.unstable_mockModule('../api/get-auth-url', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

screenTestHooks();

describe('Login without the sign-in code', () => {
  it('shows the network error banner when the sign-in code cannot be fetched', async () => {
    const gateway = new FakeGateway();
    const app = renderApp('/login', gateway);
    const email = await screen.findByRole('textbox', { name: 'Your email' });
    await app.user.type(email, 'ada@example.com');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error. Please check your connection and try again.',
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(email).toHaveValue('ada@example.com');
    expect(gateway.callsTo(sessionOps.getAuthUrl)).toHaveLength(0);
    expect(app.external.assign).not.toHaveBeenCalled();
  });
});
