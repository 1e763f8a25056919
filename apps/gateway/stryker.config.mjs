import { strykerConfig } from '../../scripts/stryker-preset.mjs';

// One folder at a time (`npm run mutation -- gateway/proxy`): each part keeps its own report and
// incremental file, so a part that ends is kept while the next runs (docs/testing.md).
const part = process.env.STRYKER_PART;

const config = strykerConfig({
  name: part ? `gateway-${part}` : 'gateway',
  mutate: [`src/${part ?? '{auth,common,proxy}'}/**/*.ts`, '!**/*.test.ts'],
  // The unit tests beside the code and the e2e specs that run the gateway in this process
  // (startGateway): most of auth/, common/ and proxy/ is only reached through whole requests.
  // Left out: the specs that spawn the built dist/main.js (spawnGateway, startRedisReplicas), which
  // run the unmutated build, the document checks that read it, and web-app (it reads the web
  // workspace beside this one, which the sandbox does not have).
  // A request a mutant leaves hanging fails its test after 10 s (the slowest included test, the
  // watch stream's three streams, takes about 7 s here), before Stryker's own timeout (the
  // tests' time × 1.5 + 10 s) would restart the runner.
  testTimeout: 10_000,
  testMatch: [
    '<rootDir>/src/**/*.test.ts',
    '<rootDir>/test/{api-docs,boundaries,credentials,fleet,oidc-refusals,proxy,rate-limits,registry,repeated-query,request-check,request-defences,resilience,sessions,sign-in,trusted-proxy,views-store,views,watch}.e2e-spec.ts',
  ],
});

// Each run loads the whole app into jest's module registry again, and a reused runner grew to
// 4.6 GB within minutes, most of its time in garbage collection: a fresh one every 10 mutants.
config.maxTestRunnerReuse = 10;

export default config;
