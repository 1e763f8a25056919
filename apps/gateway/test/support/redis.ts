// A real redis-server (persistent by default: survives a kill and a restart), shared with
// docker/test and the benchmark: @onboarding/test-support.
export { RedisServer } from '@onboarding/test-support';
