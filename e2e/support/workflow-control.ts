/**
 * The sandbox's workflow control (its admin API, `POST /workflow/fail`): makes a setup's
 * workflow stand FAILED at a step with a given message, as a real pipeline failure looks
 * through allSetup and the workflow data. A re-trigger through the console then resumes it.
 */
import { SANDBOX_ADMIN_URL as ADMIN_URL } from './stack.js';

export interface FailWorkflow {
  setupId: number;
  /** One retailer of the setup; every retailer when omitted. */
  retailerId?: number;
  stepName: string;
  /** The status payload's `message` (the sandbox has a default). */
  message?: string;
}

/** Fails the setup's workflow at the step; resolves with the retailers it changed. */
export async function failWorkflow(spec: FailWorkflow): Promise<number[]> {
  const res = await fetch(`${ADMIN_URL}/workflow/fail`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(spec),
  });
  if (res.status !== 200) {
    throw new Error(`The workflow was not failed: ${res.status} ${await res.text()}`);
  }
  return ((await res.json()) as { retailerIds: number[] }).retailerIds;
}
