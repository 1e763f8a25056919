// The OIDC sign-in walk lives in @onboarding/test-support (shared with docker/test).
export { completeAtIdp, signIn } from '@onboarding/test-support';
