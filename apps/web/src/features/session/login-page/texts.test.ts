import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { loginEmailError as contractsEmailError, MESSAGES } from '@onboarding/contracts';
import { API_ROUTES } from '@onboarding/contracts/routes';
import {
  RETURN_TO_PARAM as APP_RETURN_TO,
  ROUTES,
  routePath,
  safeReturnPath as appSafe,
} from '@/lib/routes';
import { SESSION_ENDED } from '@/lib/unauthorized';
import { SESSION_ENDED_KEY as APP_SESSION_ENDED_KEY } from '../login-hand-off';
import { callbackErrorText as appCallbackErrorText } from '../utils/sign-in-errors';
import {
  callbackErrorText,
  DEFAULT_RETURN_PATH,
  GET_AUTH_URL,
  LOGIN_PATH,
  loginEmailError,
  RETURN_TO_PARAM,
  safeReturnPath,
  SESSION_ENDED_KEY,
  TEXTS,
} from './texts';

// The sign-in page writes these out to share no module with the app: each equals its source.
describe("the sign-in page's words and rules are the app's", () => {
  it('says the texts of the contracts and of the session end', () => {
    expect(TEXTS).toEqual({
      loginEmailRequired: MESSAGES.loginEmailRequired,
      loginFailed: MESSAGES.loginFailed,
      loginNetworkError: MESSAGES.loginNetworkError,
      loginDomainNotAllowed: MESSAGES.loginDomainNotAllowed,
      sessionEnded: SESSION_ENDED,
    });
  });

  it('calls the contracts’ sign-in route and returns where lib/routes.ts says', () => {
    expect(GET_AUTH_URL).toEqual(API_ROUTES.session.getAuthUrl);
    expect(LOGIN_PATH).toBe(ROUTES.login.path);
    expect(RETURN_TO_PARAM).toBe(APP_RETURN_TO);
    expect(DEFAULT_RETURN_PATH).toBe(routePath('remOmniSeeAll'));
    expect(SESSION_ENDED_KEY).toBe(APP_SESSION_ENDED_KEY);
  });

  it("names the tab as the app's pages do: the route's title, then the app's", () => {
    const title = (file: string) =>
      /<title>([^<]*)<\/title>/.exec(
        fs.readFileSync(path.join(import.meta.dirname, '../../../..', file), 'utf8'),
      )?.[1];
    expect(title('login.html')).toBe(`${ROUTES.login.title} · ${title('index.html')}`);
  });

  it.each(['', ' ', '\t\n', 'a', ' ada@example.com ', 'not an e-mail'])(
    'checks the e-mail %j as the contracts do',
    (value) => {
      expect(loginEmailError(value)).toBe(contractsEmailError(value));
    },
  );

  it.each([
    null,
    '',
    '/rem_omni/details/13?tab=x',
    'rem_omni/see_all',
    '//evil.example/x',
    'https://evil.example/',
    '/\\evil.example',
    '/login',
    '/login?returnTo=%2Fx',
    '/loginx',
    '/product/register_product',
  ])('judges the return path %j as lib/routes.ts does', (value) => {
    expect(safeReturnPath(value)).toBe(appSafe(value));
  });

  it.each([null, '', MESSAGES.loginFailed, MESSAGES.loginDomainNotAllowed, 'Call us at 555'])(
    "reads the callback's error %j as the app's page did",
    (value) => {
      expect(callbackErrorText(value)).toBe(appCallbackErrorText(value));
    },
  );
});
