// The fetch browser with a cookie jar lives in @onboarding/test-support (shared with docker/test).
export { Browser } from '@onboarding/test-support';
