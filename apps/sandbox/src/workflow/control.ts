import type Database from 'better-sqlite3';
import { z } from 'zod';
import { type WorkflowEngine, WorkflowError } from './engine.js';

const DEFAULT_FAILURE_MESSAGE = "Failed by the sandbox's workflow control";

/** The body of the admin API's `POST /workflow/fail`. */
export const FailWorkflowBody = z.strictObject({
  setupId: z.number().int().positive(),
  retailerId: z.number().int().positive().optional(),
  stepName: z.string().min(1).max(200),
  message: z.string().min(1).max(2000).optional(),
});
export type FailWorkflowBody = z.infer<typeof FailWorkflowBody>;

export interface FailedWorkflow {
  setupId: number;
  stepName: string;
  message: string;
  retailerIds: number[];
}

/**
 * The workflow control of the admin API: makes a setup's runs (one retailer's, or every
 * retailer's) stand failed at a step, through the engine, so tests can drive failures.
 */
export class WorkflowControl {
  constructor(
    private readonly db: Database.Database,
    private readonly engine: WorkflowEngine,
  ) {}

  fail(body: FailWorkflowBody): FailedWorkflow {
    const message = body.message ?? DEFAULT_FAILURE_MESSAGE;
    const retailerIds = this.db
      .prepare<[number], { retailer_id: number }>(
        'SELECT retailer_id FROM setup_retailers WHERE setup_id = ? ORDER BY position',
      )
      .all(body.setupId)
      .map((r) => r.retailer_id);
    if (retailerIds.length === 0) throw new WorkflowError(`No setup ${body.setupId}`, 404);
    const targets = body.retailerId === undefined ? retailerIds : [body.retailerId];
    if (body.retailerId !== undefined && !retailerIds.includes(body.retailerId)) {
      throw new WorkflowError(`Setup ${body.setupId} has no retailer ${body.retailerId}`, 404);
    }
    this.db.transaction(() => {
      const now = Date.now();
      for (const retailerId of targets) {
        this.engine.failStep({ setupId: body.setupId, retailerId }, body.stepName, message, now);
      }
    })();
    return { setupId: body.setupId, stepName: body.stepName, message, retailerIds: targets };
  }
}
