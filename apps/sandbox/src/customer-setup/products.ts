import type { Product, Step, StepBody } from '@onboarding/contracts';
import { nowIso } from '../context.js';
import type { SandboxDatabase } from '../db/database.js';
import { badRequest, conflict, notFound } from '../http/errors.js';

interface ProductRecord {
  product_id: number;
  product_name: string;
  product_path: string;
}

interface StepRecord {
  step_id: number;
  product_id: number;
  step_name: string;
  step_order: number;
  polling_delay: number;
  expected_execution_time: number | null;
  trigger_payload: string;
  status_payload: string;
  request_id_path: string;
  status_path: string;
  status_map: string;
  is_polling: number;
  is_refresh_required: number;
  should_run_on_add: number;
  should_run_on_edit: number;
}

const toProduct = (p: ProductRecord): Product => ({
  productId: p.product_id,
  productName: p.product_name,
  productPath: p.product_path,
});

const toStep = (s: StepRecord): Step => ({
  stepId: s.step_id,
  productId: s.product_id,
  stepName: s.step_name,
  stepOrder: s.step_order,
  pollingDelay: s.polling_delay,
  expectedExecutionTime: s.expected_execution_time,
  triggerPayload: s.trigger_payload,
  statusPayload: s.status_payload,
  requestIdPath: s.request_id_path,
  statusPath: s.status_path,
  statusMap: s.status_map,
  isPolling: s.is_polling === 1,
  isRefreshRequired: s.is_refresh_required === 1,
  shouldRunOnAdd: s.should_run_on_add === 1,
  shouldRunOnEdit: s.should_run_on_edit === 1,
});

/** Registered products and their ordered workflow steps. */
export class ProductStore {
  constructor(private readonly db: SandboxDatabase) {}

  list(): Product[] {
    return this.db
      .prepare<[], ProductRecord>('SELECT * FROM products ORDER BY product_id')
      .all()
      .map(toProduct);
  }

  get(productId: number): Product {
    const p = this.db
      .prepare<[number], ProductRecord>('SELECT * FROM products WHERE product_id = ?')
      .get(productId);
    if (!p) throw notFound(`Product ${productId} does not exist`);
    return toProduct(p);
  }

  register(name: string, path: string): number {
    this.checkNameFree(name);
    const now = nowIso();
    return Number(
      this.db
        .prepare(
          'INSERT INTO products (product_name, product_path, created_at, updated_at) VALUES (?, ?, ?, ?)',
        )
        .run(name, path, now, now).lastInsertRowid,
    );
  }

  update(productId: number, name: string, path: string): void {
    this.get(productId);
    this.checkNameFree(name, productId);
    this.db
      .prepare(
        'UPDATE products SET product_name = ?, product_path = ?, updated_at = ? WHERE product_id = ?',
      )
      .run(name, path, nowIso(), productId);
  }

  steps(productId: number): Step[] {
    this.get(productId);
    return this.db
      .prepare<[number], StepRecord>(
        'SELECT * FROM steps WHERE product_id = ? ORDER BY step_order, step_id',
      )
      .all(productId)
      .map(toStep);
  }

  step(stepId: number): Step {
    const s = this.db
      .prepare<[number], StepRecord>('SELECT * FROM steps WHERE step_id = ?')
      .get(stepId);
    if (!s) throw notFound(`Step ${stepId} does not exist`);
    return toStep(s);
  }

  /** Adds a step at the end of the product's workflow. */
  registerStep(body: StepBody): number {
    this.get(body.productId);
    this.checkStepNameFree(body.productId, body.stepName);
    const order =
      this.db
        .prepare<[number], { n: number | null }>(
          'SELECT max(step_order) AS n FROM steps WHERE product_id = ?',
        )
        .get(body.productId)!.n ?? 0;
    const now = nowIso();
    return Number(
      this.db
        .prepare(
          `INSERT INTO steps (product_id, step_name, step_order, polling_delay, expected_execution_time,
             trigger_payload, status_payload, request_id_path, status_path, status_map, is_polling,
             is_refresh_required, should_run_on_add, should_run_on_edit, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(body.productId, body.stepName, order + 1, ...stepValues(body), now, now)
        .lastInsertRowid,
    );
  }

  updateStep(stepId: number, body: StepBody): void {
    const step = this.step(stepId);
    if (step.productId !== body.productId) {
      throw badRequest(
        `Step ${stepId} belongs to product ${step.productId}, not ${body.productId}`,
      );
    }
    this.checkStepNameFree(body.productId, body.stepName, stepId);
    this.db
      .prepare(
        `UPDATE steps SET step_name = ?, polling_delay = ?, expected_execution_time = ?,
           trigger_payload = ?, status_payload = ?, request_id_path = ?, status_path = ?,
           status_map = ?, is_polling = ?, is_refresh_required = ?, should_run_on_add = ?,
           should_run_on_edit = ?, updated_at = ?
         WHERE step_id = ?`,
      )
      .run(body.stepName, ...stepValues(body), nowIso(), stepId);
  }

  /**
   * Deletes the listed steps, applies the new order, and renumbers the remaining steps from 1
   * in that order (steps the request does not mention keep their relative place after them).
   */
  reorder(
    productId: number,
    stepData: readonly { id: number; order: number }[],
    stepToDelete: readonly number[],
  ): { kept: number; deleted: number } {
    const steps = this.steps(productId);
    const ids = new Set(steps.map((s) => s.stepId));
    for (const id of [...stepData.map((s) => s.id), ...stepToDelete]) {
      if (!ids.has(id)) throw badRequest(`Step ${id} is not a step of product ${productId}`);
    }
    const deleting = new Set(stepToDelete);
    const wanted = new Map(stepData.map((s) => [s.id, s.order]));
    const remaining = steps
      .filter((s) => !deleting.has(s.stepId))
      .map((s, i) => ({ id: s.stepId, key: wanted.get(s.stepId) ?? 1_000_000 + i }))
      .sort((a, b) => a.key - b.key);
    this.db.transaction(() => {
      const del = this.db.prepare('DELETE FROM steps WHERE step_id = ?');
      for (const id of deleting) del.run(id);
      const set = this.db.prepare(
        'UPDATE steps SET step_order = ?, updated_at = ? WHERE step_id = ?',
      );
      const now = nowIso();
      remaining.forEach((s, i) => set.run(i + 1, now, s.id));
    })();
    return { kept: remaining.length, deleted: deleting.size };
  }

  private checkNameFree(name: string, except?: number) {
    const other = this.db
      .prepare<[string], { product_id: number }>(
        'SELECT product_id FROM products WHERE lower(product_name) = lower(?)',
      )
      .get(name);
    if (other && other.product_id !== except) {
      throw conflict(`A product named ${name} already exists`);
    }
  }

  private checkStepNameFree(productId: number, name: string, except?: number) {
    const other = this.db
      .prepare<[number, string], { step_id: number }>(
        'SELECT step_id FROM steps WHERE product_id = ? AND lower(step_name) = lower(?)',
      )
      .get(productId, name);
    if (other && other.step_id !== except) {
      throw conflict(`The product already has a step named ${name}`);
    }
  }
}

function stepValues(b: StepBody) {
  return [
    b.pollingDelay,
    b.expectedExecutionTime,
    b.triggerPayload,
    b.statusPayload,
    b.requestIdPath,
    b.statusPath,
    b.statusMap,
    Number(b.isPolling),
    Number(b.isRefreshRequired),
    Number(b.shouldRunOnAdd),
    Number(b.shouldRunOnEdit),
  ] as const;
}
