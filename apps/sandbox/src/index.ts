/** The sandbox's programmatic API, for other workspaces' tests. */
export { startSandbox, type RunningSandbox, type SandboxOptions } from './sandbox.js';
export {
  FaultSwitches,
  FaultSpecSchema,
  FAULT_KINDS,
  type Fault,
  type FaultSpec,
} from './faults/faults.js';
export { CATEGORY_LEADERBOARD_STEPS, NON_RETRIGGERABLE_STEP } from './workflow/steps.js';
export { CLIENT_ID as OIDC_CLIENT_ID } from './oidc/provider.js';
