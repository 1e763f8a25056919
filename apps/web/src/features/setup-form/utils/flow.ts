/**
 * The setup form serves two flows: the Category Leaderboard (rem_omni) setups and the setups
 * of one registered product (meta). The flow decides which operations are called and where the
 * operator lands after a save.
 */
export type SetupFlow = { kind: 'rem_omni' } | { kind: 'product'; productId: number };

export const REM_OMNI_FLOW: SetupFlow = { kind: 'rem_omni' };

/** The per-product flow always offers the schedule; rem_omni only when a setup carries one. */
export function offersSchedule(flow: SetupFlow, setupHasSchedule: boolean): boolean {
  return flow.kind === 'product' || setupHasSchedule;
}
