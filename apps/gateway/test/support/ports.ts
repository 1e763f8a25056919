// Shared with docker/test and the benchmark: @onboarding/test-support.
export { freePort, waitFor } from '@onboarding/test-support';
