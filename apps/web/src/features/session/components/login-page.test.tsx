import { describe, expect, it } from '@jest/globals';
import { sessionOps } from '@onboarding/contracts';
import { screen, waitFor } from '@testing-library/react';
import { deferred, envelope, FakeGateway, NETWORK_ERROR, reply } from '@test/fake-gateway';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';

screenTestHooks();

const IDP = 'http://idp.test/auth?client_id=console&login_hint=ada%40example.com';

async function openLogin(path = '/login', gateway = new FakeGateway()) {
  const app = renderApp(path, gateway);
  await screen.findByRole('heading', { name: 'Sign in to your account' });
  const email = screen.getByRole('textbox', { name: 'Your email' });
  return { app, gateway, email };
}

describe('Login', () => {
  it('offers an e-mail field with its label, placeholder and type, and a Sign in button', async () => {
    const { email } = await openLogin();
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('placeholder', 'name@company.com');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('asks for an e-mail and sends nothing when the field is empty', async () => {
    const { app, gateway } = await openLogin();
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter an email ID.')).toBeInTheDocument();
    expect(gateway.callsTo(sessionOps.getAuthUrl)).toHaveLength(0);
  });

  it('reads Signing in... while busy, then sends the browser to the returned address', async () => {
    const answer = deferred<string>();
    const gateway = new FakeGateway().on(sessionOps.getAuthUrl, () => answer.promise);
    const { app, email } = await openLogin('/login?returnTo=%2Frem_omni%2Fdetails%2F7', gateway);
    await app.user.type(email, 'ada@example.com');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(gateway.callsTo(sessionOps.getAuthUrl)[0]?.body).toEqual({
      currentUrl: '/rem_omni/details/7',
      email: 'ada@example.com',
    });
    answer.resolve(IDP);
    await waitFor(() => expect(app.external.assign).toHaveBeenCalledWith(IDP));
  });

  it('returns to the setups list when no destination was remembered, and ignores foreign ones', async () => {
    const gateway = new FakeGateway().on(sessionOps.getAuthUrl, IDP);
    const { app, email } = await openLogin('/login?returnTo=https%3A%2F%2Fevil.test%2F', gateway);
    await app.user.type(email, 'ada@example.com');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(app.external.assign).toHaveBeenCalled());
    expect(gateway.callsTo(sessionOps.getAuthUrl)[0]?.body).toMatchObject({
      currentUrl: '/rem_omni/see_all',
    });
  });

  it.each([
    [
      'the envelope message',
      envelope(403, 'EMAIL_DOMAIN_NOT_ALLOWED', 'This e-mail domain cannot sign in'),
      'This e-mail domain cannot sign in',
    ],
    ['a top-level message', reply(400, { message: 'Unknown user' }), 'Unknown user'],
    ['no message', reply(500, {}), 'Authentication failed. Please try again.'],
    [
      'no answer at all',
      NETWORK_ERROR,
      'Network error. Please check your connection and try again.',
    ],
  ])('shows the banner above the form when sign-in fails with %s', async (_case, answer, text) => {
    const gateway = new FakeGateway().on(sessionOps.getAuthUrl, answer);
    const { app, email } = await openLogin('/login', gateway);
    await app.user.type(email, 'ada@example.com');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(text);
    // The banner stands above the form.
    expect(banner.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(app.external.assign).not.toHaveBeenCalled();
    expect(gateway.failedCalls()).toEqual([sessionOps.getAuthUrl.id]);
  });

  it("shows the error the gateway's sign-in callback sent back", async () => {
    await openLogin('/login?error=This%20e-mail%20domain%20is%20not%20allowed%20to%20sign%20in.');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This e-mail domain is not allowed to sign in.',
    );
  });

  it('never shows a text a crafted link put in the address', async () => {
    await openLogin('/login?error=Call%20%2B1%20555%200100%20to%20unlock%20your%20account');
    expect(screen.getByRole('alert')).toHaveTextContent('Authentication failed. Please try again.');
    expect(screen.queryByText(/555/)).not.toBeInTheDocument();
  });
});
