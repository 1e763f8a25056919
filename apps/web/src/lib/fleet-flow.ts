/**
 * How the fleet reads (`fleet.health`, `fleet.setups`, …) name their flow in the query string:
 * the Category Leaderboard's, or one product's by its id. Zod-free, so a page's entry can send
 * the health read early (features/fleet-health/first-load.ts) with the very address the api
 * client asks.
 */

export type FleetFlowQuery = { flow: 'rem_omni' } | { flow: 'meta'; productId: string };

/** The query naming a flow: productId null is the Category Leaderboard. */
export function fleetFlowQuery(productId: number | null): FleetFlowQuery {
  return productId === null ? { flow: 'rem_omni' } : { flow: 'meta', productId: String(productId) };
}
