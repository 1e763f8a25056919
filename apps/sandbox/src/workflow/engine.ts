import type Database from 'better-sqlite3';
import { unitHash } from '../db/seed/random.js';
import { failureReason, NON_RETRIGGERABLE_STEP, rowStatus, type StepStatus } from './steps.js';

export interface WorkflowSettings {
  /** Milliseconds between two transitions of a run. */
  stepMs: number;
  /** Share of runs that fail at one of their steps (0 to 1). */
  failureRate: number;
  /** Seed of the hash that decides which runs fail, and where. */
  failureSeed: string;
}

interface RunRow {
  setup_id: number;
  retailer_id: number;
  run_no: number;
  steps: string;
  step_index: number;
  step_status: StepStatus;
  fail_at: number | null;
  next_at: number | null;
  requested_by: string;
}

export interface RunKey {
  setupId: number;
  retailerId: number;
}

/** A refusal an operator can read (answered as a 4xx with `message`). */
export class WorkflowError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 409,
  ) {
    super(message);
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The workflow state machine over SQLite. Each run walks its steps in order; each step goes
 * not_started → started → in_progress → completed (or failed), one transition per call of
 * `advance`. Every superseded state of a current entry is kept in the history.
 * All methods are synchronous and transactional; timers live in WorkflowRunner.
 */
export class WorkflowEngine {
  constructor(
    private readonly db: Database.Database,
    private readonly settings: WorkflowSettings,
  ) {}

  /** Where (if anywhere) the given run fails: a deterministic hash of setup, retailer and run. */
  failurePoint(key: RunKey, runNo: number, stepCount: number): number | null {
    if (stepCount === 0) return null;
    const { failureSeed: seed, failureRate: rate } = this.settings;
    if (unitHash(seed, 'fail', key.setupId, key.retailerId, runNo) >= rate) return null;
    return Math.floor(unitHash(seed, 'step', key.setupId, key.retailerId, runNo) * stepCount);
  }

  /**
   * Starts a new run over `steps` (a new setup, a refresh, an edit): the previous entries go
   * to the history, every step is entered as not_started.
   */
  startRun(
    key: RunKey,
    steps: readonly string[],
    requestedBy: string,
    options: { now?: number; failAt?: number | null } = {},
  ): void {
    const now = options.now ?? Date.now();
    this.db.transaction(() => {
      const previous = this.db
        .prepare<[number, number], { run_no: number }>(
          'SELECT run_no FROM workflow_runs WHERE setup_id = ? AND retailer_id = ?',
        )
        .get(key.setupId, key.retailerId);
      const runNo = (previous?.run_no ?? 0) + 1;
      this.archiveCurrent(key);
      if (steps.length === 0) {
        this.db
          .prepare('DELETE FROM workflow_runs WHERE setup_id = ? AND retailer_id = ?')
          .run(key.setupId, key.retailerId);
        this.setRow(key, 'COMPLETED', '');
        return;
      }
      const failAt =
        options.failAt !== undefined ? options.failAt : this.failurePoint(key, runNo, steps.length);
      this.db
        .prepare(
          `INSERT INTO workflow_runs
             (setup_id, retailer_id, run_no, steps, step_index, step_status, fail_at, next_at, requested_by)
           VALUES (?, ?, ?, ?, 0, 'not_started', ?, ?, ?)
           ON CONFLICT (setup_id, retailer_id) DO UPDATE SET
             run_no = excluded.run_no, steps = excluded.steps, step_index = 0,
             step_status = 'not_started', fail_at = excluded.fail_at, next_at = excluded.next_at,
             requested_by = excluded.requested_by`,
        )
        .run(
          key.setupId,
          key.retailerId,
          runNo,
          JSON.stringify(steps),
          failAt,
          now + this.settings.stepMs,
          requestedBy,
        );
      const insert = this.db.prepare(
        `INSERT INTO workflow_current
           (setup_id, retailer_id, step_name, step_order, run_no, status, requested_by, updated_at, status_payload)
         VALUES (?, ?, ?, ?, ?, 'not_started', ?, ?, NULL)`,
      );
      steps.forEach((step, i) =>
        insert.run(key.setupId, key.retailerId, step, i + 1, runNo, requestedBy, iso(now)),
      );
      this.setRow(key, 'NOT_STARTED', steps[0]!);
    })();
  }

  /** One transition of the run; returns false when the run was not active. */
  advance(key: RunKey, now = Date.now()): boolean {
    return this.db.transaction(() => {
      const run = this.getRun(key);
      if (!run || run.next_at === null) return false;
      const steps = JSON.parse(run.steps) as string[];
      const step = steps[run.step_index];
      if (step === undefined) return false;
      const next = nextStatus(run.step_status, run.fail_at === run.step_index);
      this.setEntry(key, step, run, next, now);
      if (next === 'failed') {
        this.updateRun(key, run.step_index, 'failed', null);
        this.setRow(key, 'FAILED', step);
      } else if (next === 'completed') {
        const following = steps[run.step_index + 1];
        if (following === undefined) {
          this.updateRun(key, run.step_index, 'completed', null);
          this.setRow(key, 'COMPLETED', step);
        } else {
          this.updateRun(key, run.step_index + 1, 'not_started', now + this.settings.stepMs);
          this.setRow(key, 'NOT_STARTED', following);
        }
      } else {
        this.updateRun(key, run.step_index, next, now + this.settings.stepMs);
        this.setRow(key, rowStatus(next), step);
      }
      return true;
    })();
  }

  /** Resumes a failed run at its failed step (which then runs to the end without failing). */
  retrigger(key: RunKey, stepName: string, requestedBy: string, now = Date.now()): void {
    if (stepName === NON_RETRIGGERABLE_STEP) {
      throw new WorkflowError(`The step ${NON_RETRIGGERABLE_STEP} cannot be re-triggered`, 400);
    }
    this.db.transaction(() => {
      const run = this.getRun(key);
      if (!run) throw new WorkflowError('This setup has no workflow for the retailer', 404);
      const steps = JSON.parse(run.steps) as string[];
      const failed = steps[run.step_index];
      if (run.step_status !== 'failed' || failed === undefined) {
        throw new WorkflowError('Only a failed step can be re-triggered');
      }
      if (failed !== stepName) {
        throw new WorkflowError(`The failed step is ${failed}, not ${stepName}`);
      }
      this.setEntry(key, failed, { ...run, requested_by: requestedBy }, 'not_started', now);
      this.db
        .prepare(
          `UPDATE workflow_runs SET step_status = 'not_started', fail_at = NULL, next_at = ?,
             requested_by = ? WHERE setup_id = ? AND retailer_id = ?`,
        )
        .run(now + this.settings.stepMs, requestedBy, key.setupId, key.retailerId);
      this.setRow(key, 'NOT_STARTED', failed);
    })();
  }

  /**
   * Makes a run stand failed at `stepName` with `{ "message" }` in its status payload, as if the
   * pipeline had reported it (the sandbox's workflow control): the earlier steps are completed,
   * the later ones not started, and the run stops until the step is re-triggered.
   */
  failStep(key: RunKey, stepName: string, message: string, now = Date.now()): void {
    this.db.transaction(() => {
      const run = this.getRun(key);
      if (!run) throw new WorkflowError('This setup has no workflow for the retailer', 404);
      const steps = JSON.parse(run.steps) as string[];
      const index = steps.indexOf(stepName);
      if (index < 0) {
        throw new WorkflowError(
          `${stepName} is not a step of this workflow (${steps.join(', ')})`,
          400,
        );
      }
      const current = new Map(
        this.db
          .prepare<[number, number], { step_name: string; status: StepStatus }>(
            'SELECT step_name, status FROM workflow_current WHERE setup_id = ? AND retailer_id = ?',
          )
          .all(key.setupId, key.retailerId)
          .map((e) => [e.step_name, e.status]),
      );
      steps.forEach((step, i) => {
        const status: StepStatus = i < index ? 'completed' : i > index ? 'not_started' : 'failed';
        if (i === index) {
          const payload = JSON.parse(statusPayload(key, run, step, 'failed')!) as object;
          this.setEntry(key, step, run, status, now, JSON.stringify({ ...payload, message }));
        } else if (current.get(step) !== status) {
          this.setEntry(key, step, run, status, now);
        }
      });
      this.db
        .prepare(
          `UPDATE workflow_runs SET step_index = ?, step_status = 'failed', fail_at = NULL,
             next_at = NULL WHERE setup_id = ? AND retailer_id = ?`,
        )
        .run(index, key.setupId, key.retailerId);
      this.setRow(key, 'FAILED', stepName);
    })();
  }

  /** Re-runs a completed setup retailer over `steps`. */
  refresh(key: RunKey, steps: readonly string[], requestedBy: string, now = Date.now()): void {
    const status = this.rowStatus(key);
    if (status === undefined) throw new WorkflowError('No such setup for this retailer', 404);
    if (status !== 'COMPLETED') {
      throw new WorkflowError(`Only a completed setup can be refreshed (this one is ${status})`);
    }
    this.startRun(key, steps, requestedBy, { now });
  }

  /** The row status of a setup retailer, or undefined when it does not exist. */
  rowStatus(key: RunKey): string | undefined {
    return this.db
      .prepare<[number, number], { status: string }>(
        'SELECT status FROM setup_retailers WHERE setup_id = ? AND retailer_id = ?',
      )
      .get(key.setupId, key.retailerId)?.status;
  }

  /** Runs whose next transition is due. */
  dueRuns(now = Date.now()): RunKey[] {
    return this.db
      .prepare<[number], RunKey>(
        `SELECT setup_id AS setupId, retailer_id AS retailerId FROM workflow_runs
         WHERE next_at IS NOT NULL AND next_at <= ? ORDER BY next_at`,
      )
      .all(now);
  }

  /** When the next transition of any run is due (epoch ms), or null when nothing runs. */
  nextDueAt(): number | null {
    const row = this.db
      .prepare<[], { next: number | null }>(
        'SELECT min(next_at) AS next FROM workflow_runs WHERE next_at IS NOT NULL',
      )
      .get();
    return row?.next ?? null;
  }

  /** Moves the next transition of a run (seeding keeps in-flight demo runs slow). */
  postpone(key: RunKey, nextAt: number): void {
    this.db
      .prepare(
        'UPDATE workflow_runs SET next_at = ? WHERE setup_id = ? AND retailer_id = ? AND next_at IS NOT NULL',
      )
      .run(nextAt, key.setupId, key.retailerId);
  }

  private getRun(key: RunKey): RunRow | undefined {
    return this.db
      .prepare<[number, number], RunRow>(
        'SELECT * FROM workflow_runs WHERE setup_id = ? AND retailer_id = ?',
      )
      .get(key.setupId, key.retailerId);
  }

  private updateRun(key: RunKey, index: number, status: StepStatus, nextAt: number | null) {
    this.db
      .prepare(
        `UPDATE workflow_runs SET step_index = ?, step_status = ?, next_at = ?
         WHERE setup_id = ? AND retailer_id = ?`,
      )
      .run(index, status, nextAt, key.setupId, key.retailerId);
  }

  private setRow(key: RunKey, status: string, stepName: string) {
    this.db
      .prepare(
        'UPDATE setup_retailers SET status = ?, step_name = ? WHERE setup_id = ? AND retailer_id = ?',
      )
      .run(status, stepName, key.setupId, key.retailerId);
  }

  /** Keeps the superseded state in the history, then writes the new one. */
  private setEntry(
    key: RunKey,
    step: string,
    run: RunRow,
    status: StepStatus,
    now: number,
    payload = statusPayload(key, run, step, status),
  ) {
    this.db
      .prepare(
        `INSERT INTO workflow_history
           (setup_id, retailer_id, step_name, step_order, run_no, status, requested_by, updated_at, status_payload)
         SELECT setup_id, retailer_id, step_name, step_order, run_no, status, requested_by, updated_at, status_payload
         FROM workflow_current WHERE setup_id = ? AND retailer_id = ? AND step_name = ?`,
      )
      .run(key.setupId, key.retailerId, step);
    this.db
      .prepare(
        `UPDATE workflow_current SET status = ?, requested_by = ?, updated_at = ?, status_payload = ?
         WHERE setup_id = ? AND retailer_id = ? AND step_name = ?`,
      )
      .run(status, run.requested_by, iso(now), payload, key.setupId, key.retailerId, step);
  }

  private archiveCurrent(key: RunKey) {
    this.db
      .prepare(
        `INSERT INTO workflow_history
           (setup_id, retailer_id, step_name, step_order, run_no, status, requested_by, updated_at, status_payload)
         SELECT setup_id, retailer_id, step_name, step_order, run_no, status, requested_by, updated_at, status_payload
         FROM workflow_current WHERE setup_id = ? AND retailer_id = ? ORDER BY step_order`,
      )
      .run(key.setupId, key.retailerId);
    this.db
      .prepare('DELETE FROM workflow_current WHERE setup_id = ? AND retailer_id = ?')
      .run(key.setupId, key.retailerId);
  }
}

function nextStatus(current: StepStatus, failsHere: boolean): StepStatus {
  switch (current) {
    case 'not_started':
      return 'started';
    case 'started':
      return 'in_progress';
    case 'in_progress':
      return failsHere ? 'failed' : 'completed';
    default:
      return current;
  }
}

/** What the step's own status endpoint would have answered, as JSON text. */
function statusPayload(key: RunKey, run: RunRow, step: string, status: StepStatus): string | null {
  const requestId = `${step}-${key.setupId}-${key.retailerId}-${run.run_no}`;
  switch (status) {
    case 'started':
      return JSON.stringify({ requestId, state: 'QUEUED', message: `${step} accepted` });
    case 'in_progress':
      return JSON.stringify({ requestId, state: 'RUNNING', message: `${step} is running` });
    case 'completed':
      return JSON.stringify({ requestId, state: 'SUCCESS', message: `${step} finished` });
    case 'failed':
      return JSON.stringify({ requestId, state: 'ERROR', message: failureReason(step) });
    default:
      return null;
  }
}
