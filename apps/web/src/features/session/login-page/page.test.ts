import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import fs from 'node:fs';
import path from 'node:path';
import { startLoginPage, type LoginPageEnv } from './page';

/** login.html's body, as the browser parses it before the page's script runs. */
const BODY = /<body>([\s\S]*)<\/body>/
  .exec(fs.readFileSync(path.join(import.meta.dirname, '../../../../login.html'), 'utf8'))![1]!
  .replace(/<script[\s\S]*?<\/script>/g, '');

const IDP = 'http://idp.example/authorize?client_id=console';

interface Answer {
  status: number;
  body: string;
}

const json = (status: number, value: unknown): Answer => ({ status, body: JSON.stringify(value) });

/** Opens the page at `search`, the gateway answering `answer` (or failing, for a rejection). */
function openPage(search: string, answer: Answer | Error | Promise<Answer>, flagged = false) {
  document.body.innerHTML = BODY;
  const fetch = jest.fn(async (_url: string, _init: RequestInit) => {
    const value = await answer;
    if (value instanceof Error) throw value;
    return new Response(value.body, { status: value.status });
  });
  const assign = jest.fn();
  const storage = new Map<string, string>(flagged ? [['onboarding.sessionEnded', '1']] : []);
  const history = { state: null as unknown, replaceState: jest.fn() };
  history.replaceState.mockImplementation((state: unknown) => {
    history.state = state;
  });
  const env: LoginPageEnv = {
    document,
    location: { search, assign },
    history,
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      removeItem: (key) => void storage.delete(key),
    },
    fetch: fetch as unknown as typeof globalThis.fetch,
  };
  startLoginPage(env);
  const user = userEvent.setup();
  const signIn = async (email: string) => {
    if (email) await user.type(screen.getByRole('textbox', { name: 'Your email' }), email);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
  };
  return { fetch, assign, storage, history, user, signIn };
}

/** What the page sent: the call's address, method, headers and JSON body. */
function sent(fetch: ReturnType<typeof openPage>['fetch']) {
  const [url, init] = fetch.mock.calls[0]!;
  return {
    url,
    method: init.method,
    headers: init.headers,
    body: JSON.parse(init.body as string) as { currentUrl: string; email: string },
  };
}

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('the sign-in page (login.html, without the app)', () => {
  it('asks for an e-mail and sends nothing when the field is empty or blank', async () => {
    const page = openPage('', json(200, IDP));
    await page.signIn('');
    expect(screen.getByText('Please enter an email ID.')).toBeVisible();
    const email = screen.getByRole('textbox', { name: 'Your email' });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter an email ID.');
    await page.signIn('   ');
    expect(screen.getByText('Please enter an email ID.')).toBeVisible();
    expect(page.fetch).not.toHaveBeenCalled();
  });

  it('clears the e-mail message as the operator types', async () => {
    const page = openPage('', json(200, IDP));
    await page.signIn('');
    await page.user.type(screen.getByRole('textbox', { name: 'Your email' }), 'a');
    expect(screen.queryByText('Please enter an email ID.')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Your email' })).not.toHaveAttribute('aria-invalid');
  });

  it('posts the trimmed e-mail and the return path as JSON with the same-origin header, reads Signing in... and leaves for the answered address', async () => {
    let answer!: (value: Answer) => void;
    const page = openPage(
      '?returnTo=%2Frem_omni%2Fdetails%2F13%3Ftab%3Dx',
      new Promise<Answer>((resolve) => (answer = resolve)),
    );
    await page.signIn('  ada@example.com ');
    expect(sent(page.fetch)).toEqual({
      url: '/api/sso/getAuthUrl',
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        'Content-Type': 'application/json',
      },
      body: { currentUrl: '/rem_omni/details/13?tab=x', email: 'ada@example.com' },
    });
    expect(page.fetch.mock.calls[0]![1].credentials).toBe('same-origin');
    const busy = screen.getByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    await page.user.click(busy);
    expect(page.fetch).toHaveBeenCalledTimes(1);
    answer(json(200, IDP));
    await waitFor(() => expect(page.assign).toHaveBeenCalledWith(IDP));
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  });

  it.each([
    ['no returnTo', ''],
    ['an absolute address', '?returnTo=https%3A%2F%2Fevil.example%2F'],
    ['a host-relative address', '?returnTo=%2F%2Fevil.example%2Fx'],
    ['a backslash', '?returnTo=%2F%5Cevil.example'],
    ['the login page itself', '?returnTo=%2Flogin%3FreturnTo%3D%252Fx'],
  ])('returns to the setups list for %s', async (_case, search) => {
    const page = openPage(search, json(200, IDP));
    await page.signIn('ada@example.com');
    expect(sent(page.fetch).body.currentUrl).toBe('/rem_omni/see_all');
  });

  it.each([
    [
      'the network failed',
      new TypeError('Failed to fetch'),
      'Network error. Please check your connection and try again.',
    ],
    [
      'the gateway limits the rate (its envelope)',
      json(429, {
        error: {
          code: 'RATE_LIMITED',
          message: 'Too many attempts, wait a minute.',
          requestId: 'r1',
        },
      }),
      'Too many attempts, wait a minute.',
    ],
    ['the answer has a message only', json(400, { message: 'Bad e-mail' }), 'Bad e-mail'],
    [
      'the gateway failed without a text',
      { status: 502, body: '' },
      'Authentication failed. Please try again.',
    ],
    [
      'the answer is no address',
      json(200, 'not a url'),
      'Authentication failed. Please try again.',
    ],
    [
      'the answer is a script address',
      json(200, 'javascript:alert(1)'),
      'Authentication failed. Please try again.',
    ],
  ])('says so when %s, and lets the operator try again', async (_case, answer, text) => {
    const page = openPage('', answer);
    await page.signIn('ada@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Your email' })).toHaveValue('ada@example.com');
    expect(page.assign).not.toHaveBeenCalled();
  });

  it("shows the sign-in callback's own texts, and the generic one for a crafted text", () => {
    openPage(
      '?error=This%20e-mail%20domain%20is%20not%20allowed%20to%20sign%20in.',
      json(200, IDP),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This e-mail domain is not allowed to sign in.',
    );
    openPage('?error=Call%20us%20at%20555', json(200, IDP));
    expect(screen.getByRole('alert')).toHaveTextContent('Authentication failed. Please try again.');
    expect(screen.queryByText(/555/)).toBeNull();
  });

  it('says the session ended when the app sent the operator here, keeping it for a reload, not for a later visit', async () => {
    const page = openPage('?returnTo=%2Fllm_service%2Fprompts%2Fadd', new TypeError('x'), true);
    expect(screen.getByRole('alert')).toHaveTextContent('Your session ended — sign in again');
    expect(page.storage.size).toBe(0);
    expect(page.history.state).toEqual({ sessionEnded: true });
    // A failure's banner takes its place.
    await page.signIn('ada@example.com');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Network error. Please check your connection and try again.',
      ),
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('says nothing of a session when the app did not send the operator here', () => {
    openPage('', json(200, IDP));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
