import type { SetupFlow } from '@/lib/setup-flow';

/** The per-product flow always offers the schedule; rem_omni only when a setup carries one. */
export function offersSchedule(flow: SetupFlow, setupHasSchedule: boolean): boolean {
  return flow.kind === 'product' || setupHasSchedule;
}
