// The mutation runs (`npm run mutation`, docs/testing.md#mutation-testing): each workspace's
// folder, and the parts a workspace's stryker.config.mjs can run alone (STRYKER_PART). Read by
// scripts/mutation.mjs, which runs them, and scripts/mutation-summary.mjs, which reports them.

/** Each workspace's folder: its report names files from there. */
export const WORKSPACES = {
  contracts: 'packages/contracts',
  web: 'apps/web',
  gateway: 'apps/gateway',
};
/** The parts of a workspace that run alone (`npm run mutation -- gateway/proxy`). */
export const PARTS = { gateway: ['auth', 'common', 'proxy'], web: ['lib', 'utils'] };
/** Every run's report name, in the report's order: a workspace's parts, then the workspace whole. */
export const RUNS = Object.keys(WORKSPACES).flatMap((workspace) => [
  ...(PARTS[workspace] ?? []).map((part) => `${workspace}-${part}`),
  workspace,
]);
