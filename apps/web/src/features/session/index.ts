/** What the app shell takes from the session feature. */
export { SignOutButton } from './components/sign-out-button';
