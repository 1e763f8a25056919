import { requestSignIn } from './sign-in';
import {
  callbackErrorText,
  DEFAULT_RETURN_PATH,
  loginEmailError,
  RETURN_TO_PARAM,
  safeReturnPath,
  SESSION_ENDED_KEY,
  TEXTS,
} from './texts';

/** What the page needs of the browser; tests give their own. */
export interface LoginPageEnv {
  document: Document;
  location: Pick<Location, 'search' | 'assign'>;
  history: Pick<History, 'state' | 'replaceState'>;
  /** This tab's sessionStorage; null where the browser refuses it. */
  storage: Pick<Storage, 'getItem' | 'removeItem'> | null;
  fetch: typeof fetch;
}

/**
 * Whether the page says the session ended. The app sets the flag before it sends the operator
 * here (a full navigation carries no state); it moves to this entry's history state, so a reload
 * still says it, as the app's own page did, and a later visit does not.
 */
function sessionEnded(env: LoginPageEnv): boolean {
  let flagged = false;
  try {
    flagged = env.storage?.getItem(SESSION_ENDED_KEY) != null;
    if (flagged) env.storage?.removeItem(SESSION_ENDED_KEY);
  } catch {
    // Storage refused (a privacy setting): nothing was flagged there.
  }
  const state: unknown = env.history.state;
  if (flagged) env.history.replaceState({ ...(state ?? {}), sessionEnded: true }, '');
  return flagged || (typeof state === 'object' && state !== null && 'sessionEnded' in state);
}

/** Wires login.html's form: the e-mail check, the sign-in call, its errors and the return path. */
export function startLoginPage(env: LoginPageEnv): void {
  const doc = env.document;
  const form = doc.getElementById('sign-in') as HTMLFormElement;
  const field = doc.getElementById('email-field') as HTMLElement;
  const input = doc.getElementById('email') as HTMLInputElement;
  const helper = doc.getElementById('email-helper') as HTMLElement;
  const button = form.querySelector('button') as HTMLButtonElement;
  const errorBanner = doc.getElementById('sign-in-error') as HTMLElement;
  const errorText = errorBanner.querySelector('.message') as HTMLElement;
  const endedBanner = doc.getElementById('session-ended') as HTMLElement;
  (endedBanner.querySelector('.message') as HTMLElement).textContent = TEXTS.sessionEnded;

  const params = new URLSearchParams(env.location.search);
  const returnTo = safeReturnPath(params.get(RETURN_TO_PARAM)) ?? DEFAULT_RETURN_PATH;
  const ended = sessionEnded(env);
  let busy = false;

  /** The failure's banner, else the callback's, else the session-ended notice (as before). */
  const showBanner = (failure: string | null) => {
    const text = failure ?? callbackErrorText(params.get('error'));
    errorText.textContent = text ?? '';
    errorBanner.hidden = text === null;
    endedBanner.hidden = text !== null || !ended;
  };
  const showEmailError = (text: string | null) => {
    field.classList.toggle('invalid', text !== null);
    helper.textContent = text ?? '';
    helper.hidden = text === null;
    if (text === null) {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    } else {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', helper.id);
    }
  };
  const setBusy = (value: boolean) => {
    busy = value;
    button.disabled = value;
    button.textContent = value ? 'Signing in...' : 'Sign in';
  };

  showBanner(null);
  input.addEventListener('input', () => {
    if (!helper.hidden) showEmailError(null);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    const problem = loginEmailError(input.value);
    showEmailError(problem);
    if (problem) return;
    setBusy(true);
    showBanner(null);
    void requestSignIn(env.fetch, { currentUrl: returnTo, email: input.value.trim() }).then(
      (outcome) => {
        if ('address' in outcome) {
          // Busy until the browser has left: a second click would only ask again.
          env.location.assign(outcome.address);
          return;
        }
        showBanner(outcome.error);
        setBusy(false);
      },
    );
  });
  // Back from the identity provider, the browser may show this page as it was left (busy).
  doc.defaultView?.addEventListener('pageshow', (event) => {
    if (event.persisted) setBusy(false);
  });
}
