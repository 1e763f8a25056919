/**
 * The sandbox's fault switches (its admin API, `apps/sandbox/src/faults`): make the next matching
 * upstream requests misbehave. The switches are shared by every worker, so each worker removes
 * only the faults it armed itself, never another worker's.
 */
import { upstreamPath, type AnyOperation } from '@onboarding/contracts';
import { SANDBOX_ADMIN_URL as ADMIN_URL } from './stack.js';

const armed = new Set<string>();

/** Arms a fault (a FaultSpec of the sandbox); it lasts `count` requests or until cleared. */
export async function armFault(spec: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${ADMIN_URL}/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(spec),
  });
  if (res.status !== 201)
    throw new Error(`The fault was not armed: ${res.status} ${await res.text()}`);
  armed.add(((await res.json()) as { id: string }).id);
}

/** Removes the faults this worker armed (those already used up answer 404, which is fine). */
export async function clearFaults(): Promise<void> {
  const ids = [...armed];
  armed.clear();
  await Promise.all(ids.map((id) => fetch(`${ADMIN_URL}/faults/${id}`, { method: 'DELETE' })));
}

/** The sandbox's path of a customer-setup operation, as a fault's `path`. */
export function customerSetupPath(op: AnyOperation): string {
  return `/customer-setup${upstreamPath(op)}`;
}
