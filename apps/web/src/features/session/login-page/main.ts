/**
 * The sign-in page's script (login.html): a few KB, no React, MUI or router, so the page signs
 * in before, and without, the app's code (docs/benchmarks.md#issue-34-sign-in-page).
 */
import { startLoginPage } from './page';

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // refused by a privacy setting
  }
}

startLoginPage({
  document,
  location: window.location,
  history: window.history,
  storage: tabStorage(),
  fetch: window.fetch.bind(window),
});
