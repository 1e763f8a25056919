import { strykerConfig } from '../../scripts/stryker-preset.mjs';

// One folder at a time (`npm run mutation -- gateway/proxy`): each part keeps its own report and
// incremental file, so a part that ends is kept while the next runs (docs/testing.md).
const part = process.env.STRYKER_PART;

/**
 * The e2e specs that run the gateway in the test's process (startGateway) nearest each folder:
 * most of auth/, common/ and proxy/ is reached only through whole requests. Never the specs that
 * spawn the built dist/main.js (spawnGateway, startRedisReplicas), which runs unmutated code, the
 * OpenAPI document's checks, nor web-app (it reads the web workspace, which the sandbox lacks).
 */
const SPECS = {
  // fleet: ProxyService.read, the gateway's own reads of the upstreams.
  proxy: [
    'proxy',
    'request-check',
    'boundaries',
    'resilience',
    'repeated-query',
    'request-defences',
    'fleet',
  ],
  auth: ['sign-in', 'oidc-refusals', 'sessions', 'credentials', 'rate-limits', 'trusted-proxy'],
  // Every request passes through common/, so every spec reaches it, and about half its mutants
  // are static (run while a module loads or the app is built), each rerunning every test
  // included: with the five specs nearest it (defences, request check, upstream faults, rate
  // limits, trusted proxy) a run would take about 11 h here. Its own unit tests pin each file;
  // the requests' defences add the pipeline end to end (docs/testing.md).
  common: ['request-defences'],
};
const ALL_SPECS = [
  ...new Set([
    ...Object.values(SPECS).flat(),
    ...['api-docs', 'registry', 'views-store', 'views', 'watch'],
  ]),
];
const specs = SPECS[part] ?? ALL_SPECS;

const config = strykerConfig({
  name: part ? `gateway-${part}` : 'gateway',
  mutate: [`src/${part ?? '{auth,common,proxy}'}/**/*.ts`, '!**/*.test.ts'],
  // A request a mutant leaves hanging fails its test after 5 s (the included tests take 2 s at
  // most, but for the watch stream's two that wait on real heartbeats and carry their own), before
  // Stryker's own timeout (the tests' time × 1.5 + 10 s) would restart the runner.
  testTimeout: 5_000,
  testMatch: ['<rootDir>/src/**/*.test.ts', `<rootDir>/test/{${specs.join(',')}}.e2e-spec.ts`],
});

// Each run loads the whole app into jest's module registry again, and a reused runner grew to
// 4.6 GB within minutes, most of its time in garbage collection: a fresh one every 10 mutants.
config.maxTestRunnerReuse = 10;

export default config;
