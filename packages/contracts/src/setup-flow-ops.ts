import { metaOps } from './meta/operations.js';
import { remOmniOps } from './rem-omni/operations.js';

/**
 * Each call of the setups screens as both flows name it: the Category Leaderboard's (rem_omni)
 * and the per-product one (meta), under the meta call name. The web's flow descriptor picks one
 * side, so a screen serves both flows without asking which one it is in.
 */
export const SETUP_FLOW_OPS = Object.freeze({
  allSetup: { remOmni: remOmniOps.allSetup, meta: metaOps.allSetup },
  getRetailers: { remOmni: remOmniOps.getRetailers, meta: metaOps.getRetailers },
  setupDetails: { remOmni: remOmniOps.setupDetails, meta: metaOps.setupDetails },
  browseNodes: { remOmni: remOmniOps.browseNodes, meta: metaOps.browseNodes },
  // rem_omni keeps the upstream's spelling on the wire (docs/requirements.md#calls-rem-omni).
  workflowData: { remOmni: remOmniOps.worflowData, meta: metaOps.workflowData },
  reTrigger: { remOmni: remOmniOps.reTrigger, meta: metaOps.reTrigger },
  refreshData: { remOmni: remOmniOps.refreshData, meta: metaOps.refreshData },
  isClientExists: { remOmni: remOmniOps.isClientExists, meta: metaOps.isClientExists },
  addSetup: { remOmni: remOmniOps.addSetup, meta: metaOps.addSetup },
  updateSetup: { remOmni: remOmniOps.updateSetup, meta: metaOps.updateSetup },
});

export type SetupFlowOps = typeof SETUP_FLOW_OPS;
export type SetupFlowOpName = keyof SetupFlowOps;
