import {
  MESSAGES,
  type Schedule,
  type SetupAddItem,
  type SetupDetailsResponse,
  type SetupRow,
  type SetupUpdateItem,
  type WorkflowEntry,
  type WorkflowResponse,
} from '@onboarding/contracts';
import { nowIso, type SandboxContext } from '../context.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { CATEGORY_LEADERBOARD_STEPS } from '../workflow/steps.js';
import { BrowseNodeStore } from './browse-nodes.js';
import { rruleText } from './schedule.js';

/** Category Leaderboard setups have no product; per-product setups name theirs. */
export type SetupScope = { productId: null } | { productId: number };

interface SetupRecord {
  setup_id: number;
  product_id: number | null;
  client_id: number;
  client_name: string;
  is_new_client: number;
  region: string;
  brands: string;
  is_scheduled: number;
  created_at: string;
  updated_at: string;
}

interface RowRecord {
  setup_id: number;
  client_name: string;
  client_id: number;
  retailer_id: number;
  retailer_name: string;
  is_new_client: number;
  is_marketshare_enabled: number;
  status: string;
  step_name: string;
}

interface WorkflowRecord {
  step_name: string;
  status: string;
  retailer_id: number;
  is_marketshare_enabled: number;
  updated_at: string;
  requested_by: string;
  status_payload: string | null;
}

export interface StepAction {
  setupId: number;
  retailerId: number;
  stepName?: string;
  requestedBy: string;
}

const SYSTEM_USER = 'system';

/**
 * Setups of both kinds (Category Leaderboard and per product): list, details, nodes,
 * workflow, create, update, re-trigger and refresh. Creation and refresh start workflow runs.
 */
export class SetupStore {
  private readonly nodes: BrowseNodeStore;

  constructor(private readonly ctx: SandboxContext) {
    this.nodes = new BrowseNodeStore(ctx.db);
  }

  private get db() {
    return this.ctx.db;
  }

  /** One page of setups (limit/offset count setups), one row per setup and retailer. */
  list(scope: SetupScope, q: { searchText: string; limit: number; offset: number }): SetupRow[] {
    const search = q.searchText.trim().toLowerCase();
    const product = scope.productId ?? 0;
    const total = this.db
      .prepare<[number, string], { n: number }>(
        `SELECT count(*) AS n FROM setups WHERE ifnull(product_id, 0) = ? AND instr(client_key, ?) > 0`,
      )
      .get(product, search)!.n;
    const ids = this.db
      .prepare<[number, string, number, number], { setup_id: number }>(
        `SELECT setup_id FROM setups WHERE ifnull(product_id, 0) = ? AND instr(client_key, ?) > 0
         ORDER BY setup_id DESC LIMIT ? OFFSET ?`,
      )
      .all(product, search, q.limit, q.offset)
      .map((r) => r.setup_id);
    if (ids.length === 0) return [];
    const rows = this.db
      .prepare<[string], RowRecord>(
        `SELECT s.setup_id, s.client_name, s.client_id, sr.retailer_id, r.retailer_name,
           s.is_new_client, sr.is_marketshare_enabled, sr.status, sr.step_name
         FROM setups s
         JOIN setup_retailers sr ON sr.setup_id = s.setup_id
         JOIN retailers r ON r.retailer_id = sr.retailer_id
         WHERE s.setup_id IN (SELECT value FROM json_each(?))
         ORDER BY s.setup_id DESC, sr.position`,
      )
      .all(JSON.stringify(ids));
    const nodesBySetup = scope.productId === null ? undefined : this.nodeDetails(ids);
    return rows.map((r) => ({
      setupId: r.setup_id,
      clientName: r.client_name,
      clientId: r.client_id,
      retailerId: r.retailer_id,
      retailerName: r.retailer_name,
      isNewClient: r.is_new_client === 1,
      ismarketshareEnabled: r.is_marketshare_enabled === 1,
      status: r.status,
      stepName: r.step_name === '' ? null : r.step_name,
      ...(nodesBySetup
        ? {
            nodesDetails: (nodesBySetup.get(r.setup_id) ?? []).filter(
              (n) => n.retailerId === r.retailer_id,
            ),
          }
        : {}),
      totalRecords: total,
    }));
  }

  details(scope: SetupScope, setupId: number): SetupDetailsResponse {
    const setup = this.get(scope, setupId);
    const retailers = this.db
      .prepare<
        [number],
        { retailer_id: number; retailer_name: string; is_marketshare_enabled: number }
      >(
        `SELECT sr.retailer_id, r.retailer_name, sr.is_marketshare_enabled FROM setup_retailers sr
         JOIN retailers r ON r.retailer_id = sr.retailer_id WHERE sr.setup_id = ? ORDER BY sr.position`,
      )
      .all(setupId);
    const schedules = this.db
      .prepare<[number], { retailer_id: number; schedule: string; rrule_text: string }>(
        `SELECT s.retailer_id, s.schedule, s.rrule_text FROM setup_schedules s
         JOIN setup_retailers sr ON sr.setup_id = s.setup_id AND sr.retailer_id = s.retailer_id
         WHERE s.setup_id = ? ORDER BY sr.position`,
      )
      .all(setupId);
    return {
      clientDetails: {
        clientName: setup.client_name,
        clientId: setup.client_id,
        isNewClient: setup.is_new_client === 1,
        region: setup.region,
        createdat: setup.created_at,
        updatedat: setup.updated_at,
        setupId: setup.setup_id,
        ...(scope.productId === null ? {} : { scheduled: setup.is_scheduled === 1 }),
      },
      brandsDetails: { brands: JSON.parse(setup.brands) as string[] },
      retailers: retailers.map((r) => ({
        retailerId: r.retailer_id,
        retailerName: r.retailer_name,
        isMarketShareEnabled: r.is_marketshare_enabled === 1,
      })),
      scheduleDetails: schedules.map((s) => ({
        retailerId: s.retailer_id,
        schedule: JSON.parse(s.schedule) as Schedule,
        rruleText: s.rrule_text,
      })),
    };
  }

  browseNodes(scope: SetupScope, setupId: number) {
    this.get(scope, setupId);
    return this.nodes.setupNodes(setupId);
  }

  workflow(scope: SetupScope, setupId: number): WorkflowResponse {
    this.get(scope, setupId);
    const select = (table: string, order: string) =>
      this.db
        .prepare<[number], WorkflowRecord>(
          `SELECT w.step_name, w.status, w.retailer_id, sr.is_marketshare_enabled, w.updated_at,
             w.requested_by, w.status_payload
           FROM ${table} w
           JOIN setup_retailers sr ON sr.setup_id = w.setup_id AND sr.retailer_id = w.retailer_id
           WHERE w.setup_id = ? ORDER BY ${order}`,
        )
        .all(setupId)
        .map(toEntry);
    return {
      currentWorkflow: select('workflow_current', 'sr.position, w.step_order'),
      historyWorkflow: select('workflow_history', 'w.updated_at, w.id'),
    };
  }

  /** Whether a setup exists for the client (and product): the check the create form makes. */
  exists(scope: SetupScope, clientName: string): boolean {
    return (
      this.db
        .prepare(`SELECT 1 FROM setups WHERE client_key = ? AND ifnull(product_id, 0) = ?`)
        .get(clientName.trim().toLowerCase(), scope.productId ?? 0) !== undefined
    );
  }

  /** Creates a setup (one row per retailer) and starts each retailer's workflow. */
  add(scope: SetupScope, items: readonly SetupAddItem[], createdBy: string | undefined): string {
    const first = items[0]!;
    for (const item of items) {
      if (item.clientId !== first.clientId || item.clientName !== first.clientName) {
        throw badRequest('Every retailer item of a setup must name the same client');
      }
    }
    this.checkRetailers(items.map((i) => i.retailerId));
    const client = this.db
      .prepare<[number], { client_id: number; region: string }>(
        'SELECT client_id, region FROM clients WHERE client_id = ?',
      )
      .get(first.clientId);
    if (!client) {
      throw badRequest(
        `Client ${first.clientId} does not exist; register a prospect with addClient first`,
      );
    }
    if (this.exists(scope, first.clientName)) throw conflict(MESSAGES.customerSetupExists);
    const steps = this.stepsFor(scope, 'add');
    const now = nowIso();
    const brands = uniqueBrands(items.flatMap((i) => i.brands));
    const scheduled = items.some((i) => i.isScheduled && i.schedule);
    const setupId = this.db.transaction(() => {
      const id = Number(
        this.db
          .prepare(
            `INSERT INTO setups (product_id, client_id, client_name, client_key, is_new_client,
               region, brands, is_scheduled, created_by, updated_by, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            scope.productId,
            first.clientId,
            first.clientName,
            first.clientName.toLowerCase(),
            Number(first.isNewClient),
            client.region,
            JSON.stringify(brands),
            Number(scheduled),
            createdBy ?? null,
            createdBy ?? null,
            now,
            now,
          ).lastInsertRowid,
      );
      items.forEach((item, position) => {
        this.addRetailer(id, item, position, steps[0] ?? '');
        if (item.isScheduled && item.schedule) this.setSchedule(id, item.retailerId, item.schedule);
      });
      for (const item of items) {
        this.ctx.engine.startRun(
          { setupId: id, retailerId: item.retailerId },
          steps,
          createdBy ?? SYSTEM_USER,
        );
      }
      return id;
    })();
    this.ctx.runner.schedule();
    const retailers = items.length === 1 ? '1 retailer' : `${items.length} retailers`;
    return `Setup ${setupId} created for ${first.clientName} on ${retailers}. It will be live in 24-48 hours.`;
  }

  /** Applies node, brand and schedule changes; a retailer not yet in the setup is added. */
  update(
    scope: SetupScope,
    items: readonly SetupUpdateItem[],
    updatedBy: string | undefined,
  ): string {
    const setupId = items[0]!.setupId;
    if (items.some((i) => i.setupId !== setupId)) {
      throw badRequest('Every retailer item of an update must name the same setup');
    }
    this.checkRetailers(items.map((i) => i.retailerId));
    const setup = this.get(scope, setupId);
    const editSteps = this.stepsFor(scope, 'edit');
    const addSteps = this.stepsFor(scope, 'add');
    const changes: string[] = [];
    const runs: { retailerId: number; steps: readonly string[] }[] = [];
    this.db.transaction(() => {
      const brandsUpdate = items.find((i) => i.isBrandsUpdate);
      if (brandsUpdate) {
        const brands = uniqueBrands(brandsUpdate.brands);
        if (JSON.stringify(brands) !== setup.brands) {
          this.db
            .prepare('UPDATE setups SET brands = ? WHERE setup_id = ?')
            .run(JSON.stringify(brands), setupId);
          changes.push('brands');
        }
      }
      let position = this.db
        .prepare<[number], { n: number }>(
          'SELECT count(*) AS n FROM setup_retailers WHERE setup_id = ?',
        )
        .get(setupId)!.n;
      for (const item of items) {
        const row = this.db
          .prepare<[number, number], { status: string }>(
            'SELECT status FROM setup_retailers WHERE setup_id = ? AND retailer_id = ?',
          )
          .get(setupId, item.retailerId);
        if (!row) {
          this.addRetailer(setupId, item, position++, addSteps[0] ?? '');
          runs.push({ retailerId: item.retailerId, steps: addSteps });
          changes.push(`retailer ${item.retailerId} added`);
        } else if (this.replaceNodes(setupId, item)) {
          changes.push(`nodes of retailer ${item.retailerId}`);
          const settled = row.status === 'COMPLETED' || row.status === 'FAILED';
          if (settled && editSteps.length > 0)
            runs.push({ retailerId: item.retailerId, steps: editSteps });
        }
        if (item.isScheduleRemove) {
          const removed = this.db
            .prepare('DELETE FROM setup_schedules WHERE setup_id = ? AND retailer_id = ?')
            .run(setupId, item.retailerId).changes;
          if (removed > 0) changes.push(`schedule of retailer ${item.retailerId} removed`);
        } else if (item.isScheduleUpdate && item.schedule) {
          this.setSchedule(setupId, item.retailerId, item.schedule);
          changes.push(`schedule of retailer ${item.retailerId}`);
        }
      }
      const scheduled = this.db
        .prepare('SELECT 1 FROM setup_schedules WHERE setup_id = ? LIMIT 1')
        .get(setupId);
      this.db
        .prepare(
          'UPDATE setups SET is_scheduled = ?, updated_by = ?, updated_at = ? WHERE setup_id = ?',
        )
        .run(Number(scheduled !== undefined), updatedBy ?? null, nowIso(), setupId);
      for (const run of runs) {
        this.ctx.engine.startRun(
          { setupId, retailerId: run.retailerId },
          run.steps,
          updatedBy ?? SYSTEM_USER,
        );
      }
    })();
    this.ctx.runner.schedule();
    if (changes.length === 0) return `Setup ${setupId} is unchanged`;
    return `Setup ${setupId} updated: ${changes.join(', ')}`;
  }

  reTrigger(scope: SetupScope, action: StepAction): string {
    const { retailerName } = this.retailerOf(scope, action);
    this.ctx.engine.retrigger(
      { setupId: action.setupId, retailerId: action.retailerId },
      action.stepName ?? '',
      action.requestedBy,
    );
    this.ctx.runner.schedule();
    return `Re-triggered ${action.stepName} for setup ${action.setupId} on ${retailerName}`;
  }

  refresh(scope: SetupScope, action: StepAction): string {
    const { retailerName } = this.retailerOf(scope, action);
    this.ctx.engine.refresh(
      { setupId: action.setupId, retailerId: action.retailerId },
      this.stepsFor(scope, 'refresh'),
      action.requestedBy,
    );
    this.ctx.runner.schedule();
    return `Data refresh started for setup ${action.setupId} on ${retailerName}`;
  }

  /** The steps a run walks: the Category Leaderboard pipeline, or the product's registered steps. */
  stepsFor(scope: SetupScope, reason: 'add' | 'edit' | 'refresh'): string[] {
    if (scope.productId === null) return [...CATEGORY_LEADERBOARD_STEPS];
    const flag = { add: '1', edit: 'should_run_on_edit', refresh: 'is_refresh_required' }[reason];
    return this.db
      .prepare<[number], { step_name: string }>(
        `SELECT step_name FROM steps WHERE product_id = ? AND ${flag} = 1 ORDER BY step_order, step_id`,
      )
      .all(scope.productId)
      .map((s) => s.step_name);
  }

  private get(scope: SetupScope, setupId: number): SetupRecord {
    const setup = this.db
      .prepare<[number, number], SetupRecord>(
        'SELECT * FROM setups WHERE setup_id = ? AND ifnull(product_id, 0) = ?',
      )
      .get(setupId, scope.productId ?? 0);
    if (!setup) {
      throw notFound(
        scope.productId === null
          ? `Setup ${setupId} does not exist`
          : `Setup ${setupId} does not exist for product ${scope.productId}`,
      );
    }
    return setup;
  }

  private retailerOf(scope: SetupScope, action: StepAction) {
    this.get(scope, action.setupId);
    const row = this.db
      .prepare<[number, number], { retailer_name: string }>(
        `SELECT r.retailer_name FROM setup_retailers sr JOIN retailers r ON r.retailer_id = sr.retailer_id
         WHERE sr.setup_id = ? AND sr.retailer_id = ?`,
      )
      .get(action.setupId, action.retailerId);
    if (!row) throw notFound(`Setup ${action.setupId} has no retailer ${action.retailerId}`);
    return { retailerName: row.retailer_name };
  }

  private checkRetailers(ids: readonly number[]) {
    if (new Set(ids).size !== ids.length)
      throw badRequest('A retailer appears twice in the request');
    for (const id of ids) {
      if (!this.db.prepare('SELECT 1 FROM retailers WHERE retailer_id = ?').get(id)) {
        throw badRequest(`Retailer ${id} does not exist`);
      }
    }
  }

  private checkNodes(retailerId: number, pairs: SetupAddItem['browseNodes']) {
    const known = new Map(
      this.nodes
        .nodes(
          retailerId,
          pairs.map((p) => p.id),
        )
        .map((n) => [n.node_id, n.parent_id] as const),
    );
    for (const pair of pairs) {
      const parent = known.get(pair.id);
      if (parent === undefined) {
        throw badRequest(`Browse node ${pair.id} does not exist for retailer ${retailerId}`);
      }
      if (parent !== pair.parent_id) {
        throw badRequest(`Browse node ${pair.id} has parent ${parent}, not ${pair.parent_id}`);
      }
    }
  }

  private addRetailer(
    setupId: number,
    item: SetupAddItem | SetupUpdateItem,
    position: number,
    firstStep: string,
  ) {
    this.checkNodes(item.retailerId, item.browseNodes);
    this.db
      .prepare(
        `INSERT INTO setup_retailers (setup_id, retailer_id, is_marketshare_enabled, status, step_name, position)
         VALUES (?, ?, ?, 'NOT_STARTED', ?, ?)`,
      )
      .run(setupId, item.retailerId, Number(item.isMarketShareEnabled), firstStep, position);
    this.insertNodes(setupId, item);
  }

  /** Replaces a retailer's nodes when the set differs; true when it changed. */
  private replaceNodes(setupId: number, item: SetupUpdateItem): boolean {
    this.checkNodes(item.retailerId, item.browseNodes);
    const current = this.db
      .prepare<[number, number], { node_id: number }>(
        'SELECT node_id FROM setup_nodes WHERE setup_id = ? AND retailer_id = ? ORDER BY position',
      )
      .all(setupId, item.retailerId)
      .map((n) => n.node_id);
    const next = [...new Set(item.browseNodes.map((n) => n.id))];
    if (current.length === next.length && current.every((id, i) => id === next[i])) return false;
    this.db
      .prepare('DELETE FROM setup_nodes WHERE setup_id = ? AND retailer_id = ?')
      .run(setupId, item.retailerId);
    this.insertNodes(setupId, item);
    return true;
  }

  private insertNodes(setupId: number, item: SetupAddItem | SetupUpdateItem) {
    const insert = this.db.prepare(
      `INSERT OR IGNORE INTO setup_nodes (setup_id, retailer_id, node_id, parent_id, position)
       VALUES (?, ?, ?, ?, ?)`,
    );
    item.browseNodes.forEach((n, i) => insert.run(setupId, item.retailerId, n.id, n.parent_id, i));
  }

  private setSchedule(setupId: number, retailerId: number, schedule: Schedule) {
    this.db
      .prepare(
        `INSERT INTO setup_schedules (setup_id, retailer_id, schedule, rrule_text) VALUES (?, ?, ?, ?)
         ON CONFLICT (setup_id, retailer_id) DO UPDATE SET schedule = excluded.schedule,
           rrule_text = excluded.rrule_text`,
      )
      .run(setupId, retailerId, JSON.stringify(schedule), rruleText(schedule));
  }

  private nodeDetails(setupIds: number[]) {
    const rows = this.db
      .prepare<
        [string],
        {
          setup_id: number;
          retailer_id: number;
          node_id: number;
          parent_id: number;
          node_path: string;
        }
      >(
        `SELECT n.setup_id, n.retailer_id, n.node_id, n.parent_id, b.node_path FROM setup_nodes n
         JOIN browse_nodes b ON b.retailer_id = n.retailer_id AND b.node_id = n.node_id
         WHERE n.setup_id IN (SELECT value FROM json_each(?)) ORDER BY n.setup_id, n.position`,
      )
      .all(JSON.stringify(setupIds));
    const out = new Map<
      number,
      { retailerId: number; id: number; parentId: number; nodePath: string }[]
    >();
    for (const r of rows) {
      const list = out.get(r.setup_id) ?? [];
      list.push({
        retailerId: r.retailer_id,
        id: r.node_id,
        parentId: r.parent_id,
        nodePath: r.node_path,
      });
      out.set(r.setup_id, list);
    }
    return out;
  }
}

function toEntry(r: WorkflowRecord): WorkflowEntry {
  return {
    stepName: r.step_name,
    status: r.status,
    retailerId: r.retailer_id,
    ismarketshareEnabled: r.is_marketshare_enabled === 1,
    updatedat: r.updated_at,
    requestedby: r.requested_by,
    statusPayload: r.status_payload,
  };
}

function uniqueBrands(brands: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of brands) {
    const brand = raw.trim();
    if (brand && !seen.has(brand.toLowerCase())) {
      seen.add(brand.toLowerCase());
      out.push(brand);
    }
  }
  return out;
}
