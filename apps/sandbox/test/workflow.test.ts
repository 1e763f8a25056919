import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openDatabase } from '../src/db/database.js';
import { seedDatabase } from '../src/db/seed/index.js';
import type { RunningSandbox } from '../src/sandbox.js';
import { WorkflowEngine } from '../src/workflow/engine.js';
import { WorkflowRunner } from '../src/workflow/runner.js';
import { CATEGORY_LEADERBOARD_STEPS } from '../src/workflow/steps.js';
import {
  addItem,
  newProspect,
  post,
  type Row,
  rowsOf,
  startTestSandbox,
  waitFor,
  type Workflow,
} from './support.js';

const RS = '/customer-setup/rem_omni';
const META = '/customer-setup/meta';
const PR = '/customer-setup/product_register';

const allSettled = (rows: Row[]) =>
  rows.length > 0 && rows.every((r) => r.status === 'COMPLETED' || r.status === 'FAILED')
    ? rows
    : undefined;

describe('workflow runner: a new setup', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ stepMs: 40 });
  });
  afterAll(() => sandbox.close());

  it('walks every retailer through the Category Leaderboard steps to COMPLETED, with history', async () => {
    const client = await newProspect(sandbox, 'Walker Foods');
    const items = [await addItem(sandbox, client, 4), await addItem(sandbox, client, 12)];
    const added = await post<{ message: string }>(
      sandbox,
      `${RS}/addSetup`,
      items,
      'mei.chen@example.com',
    );
    expect(added.status).toBe(200);

    const first = await rowsOf(sandbox, 'walker foods');
    expect(first.map((r) => [r.retailerId, r.status, r.stepName])).toEqual([
      [4, 'NOT_STARTED', 'crawling'],
      [12, 'NOT_STARTED', 'crawling'],
    ]);

    const seen = new Set<string>();
    const rows = await waitFor(
      async () => {
        const now = await rowsOf(sandbox, 'walker foods');
        now.forEach((r) => seen.add(`${r.status} ${r.stepName}`));
        return now.every((r) => r.status === 'COMPLETED') ? now : undefined;
      },
      20_000,
      'the setup to complete',
    );
    expect(rows.every((r) => r.stepName === 'sov_wf')).toBe(true);
    // The row followed the current step on the way.
    expect([...seen].some((s) => /^(STARTED|IN_PROGRESS) /.test(s))).toBe(true);
    expect([...seen].some((s) => s.endsWith(' analytics'))).toBe(true);

    const setupId = rows[0]!.setupId;
    const wf = (await post<Workflow>(sandbox, `${RS}/worflowData`, { setupId })).body;
    for (const retailerId of [4, 12]) {
      const current = wf.currentWorkflow.filter((e) => e.retailerId === retailerId);
      expect(current.map((e) => e.stepName)).toEqual([...CATEGORY_LEADERBOARD_STEPS]);
      expect(current.every((e) => e.status === 'completed')).toBe(true);
      expect(current.every((e) => e.requestedby === 'mei.chen@example.com')).toBe(true);
      expect(JSON.parse(current[0]!.statusPayload!)).toMatchObject({ state: 'SUCCESS' });
      const history = wf.historyWorkflow.filter((e) => e.retailerId === retailerId);
      // not_started, started and in_progress of each step were superseded
      expect(history).toHaveLength(3 * CATEGORY_LEADERBOARD_STEPS.length);
      expect(
        history.filter((e) => e.stepName === 'crawling').map((e) => `${e.stepName}:${e.status}`),
      ).toEqual(['crawling:not_started', 'crawling:started', 'crawling:in_progress']);
      const times = history.map((e) => Date.parse(e.updatedat));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
    }
  });
});

describe('workflow runner: failures, re-trigger and refresh', () => {
  let sandbox: RunningSandbox;
  let failedRows: Row[];
  beforeAll(async () => {
    sandbox = await startTestSandbox({ failureRate: 1 });
    const client = await newProspect(sandbox, 'Faulty Foods');
    const items = [];
    for (const retailerId of [4, 12, 9, 17]) items.push(await addItem(sandbox, client, retailerId));
    await post(sandbox, `${RS}/addSetup`, items);
    failedRows = await waitFor(
      async () => allSettled(await rowsOf(sandbox, 'faulty foods')),
      20_000,
      'every retailer to fail',
    );
  });
  afterAll(() => sandbox.close());

  it('fails a run at one step, with a payload saying why, and stops there', async () => {
    expect(failedRows.every((r) => r.status === 'FAILED')).toBe(true);
    const wf = (
      await post<Workflow>(sandbox, `${RS}/worflowData`, { setupId: failedRows[0]!.setupId })
    ).body;
    for (const row of failedRows) {
      const current = wf.currentWorkflow.filter((e) => e.retailerId === row.retailerId);
      const at = current.findIndex((e) => e.status === 'failed');
      expect(current[at]!.stepName).toBe(row.stepName);
      const payload = JSON.parse(current[at]!.statusPayload!) as { state: string; message: string };
      expect(payload.state).toBe('ERROR');
      expect(payload.message.length).toBeGreaterThan(20);
      expect(current.slice(0, at).every((e) => e.status === 'completed')).toBe(true);
      expect(current.slice(at + 1).every((e) => e.status === 'not_started')).toBe(true);
    }
  });

  it('re-triggers a failed step: it resumes there and runs to the end, requested by the caller', async () => {
    const row = failedRows.find((r) => r.stepName !== 'ncs_client_db_setup');
    expect(row).toBeDefined();
    const res = await post<{ message: string }>(sandbox, `${RS}/reTrigger`, {
      setupId: row!.setupId,
      stepName: row!.stepName,
      clientName: row!.clientName,
      clientId: row!.clientId,
      retailerId: row!.retailerId,
      isNewClient: true,
      ismarketshareEnabled: false,
      requestedBy: 'lead@example.com',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toContain(row!.stepName!);
    const [now] = (await rowsOf(sandbox, 'faulty foods')).filter(
      (r) => r.retailerId === row!.retailerId,
    );
    expect(now).toMatchObject({ status: 'NOT_STARTED', stepName: row!.stepName });

    await waitFor(
      async () => {
        const r = (await rowsOf(sandbox, 'faulty foods')).find(
          (x) => x.retailerId === row!.retailerId,
        )!;
        return r.status === 'COMPLETED' ? r : undefined;
      },
      20_000,
      'the re-triggered run to complete',
    );
    const wf = (await post<Workflow>(sandbox, `${RS}/worflowData`, { setupId: row!.setupId })).body;
    const current = wf.currentWorkflow.filter((e) => e.retailerId === row!.retailerId);
    const resumed = current.find((e) => e.stepName === row!.stepName)!;
    expect(resumed).toMatchObject({ status: 'completed', requestedby: 'lead@example.com' });
    expect(
      wf.historyWorkflow.some(
        (e) =>
          e.retailerId === row!.retailerId && e.stepName === row!.stepName && e.status === 'failed',
      ),
    ).toBe(true);
  });

  it('takes the requester from X-User-Email when the body names none', async () => {
    const row = failedRows.filter((r) => r.stepName !== 'ncs_client_db_setup')[1];
    expect(row).toBeDefined();
    const res = await post(
      sandbox,
      `${RS}/reTrigger`,
      {
        setupId: row!.setupId,
        stepName: row!.stepName,
        clientName: row!.clientName,
        clientId: row!.clientId,
        retailerId: row!.retailerId,
        isNewClient: true,
        ismarketshareEnabled: false,
      },
      'daniel.okafor@example.com',
    );
    expect(res.status).toBe(200);
    const wf = (await post<Workflow>(sandbox, `${RS}/worflowData`, { setupId: row!.setupId })).body;
    const entry = wf.currentWorkflow.find(
      (e) => e.retailerId === row!.retailerId && e.stepName === row!.stepName,
    );
    expect(entry?.requestedby).toBe('daniel.okafor@example.com');
  });

  it('refuses to re-trigger ncs_client_db_setup, a step that did not fail, or a row that did not fail', async () => {
    const row = failedRows[failedRows.length - 1]!;
    const body = {
      setupId: row.setupId,
      clientName: row.clientName,
      clientId: row.clientId,
      retailerId: row.retailerId,
      isNewClient: true,
      ismarketshareEnabled: false,
    };
    const ncs = await post<{ message: string }>(sandbox, `${RS}/reTrigger`, {
      ...body,
      stepName: 'ncs_client_db_setup',
    });
    expect(ncs.status).toBe(400);
    expect(ncs.body.message).toMatch(/ncs_client_db_setup cannot be re-triggered/);

    const other = CATEGORY_LEADERBOARD_STEPS.find(
      (s) => s !== row.stepName && s !== 'ncs_client_db_setup',
    )!;
    const wrongStep = await post<{ message: string }>(sandbox, `${RS}/reTrigger`, {
      ...body,
      stepName: other,
    });
    expect(wrongStep.status).toBe(409);
    expect(wrongStep.body.message).toContain(`The failed step is ${row.stepName}`);

    const seeded = (
      await post<Row[]>(sandbox, `${RS}/allSetup`, { searchText: '', limit: 100, offset: 0 })
    ).body.find((r) => r.status === 'COMPLETED')!;
    const notFailed = await post<{ message: string }>(sandbox, `${RS}/reTrigger`, {
      ...body,
      setupId: seeded.setupId,
      retailerId: seeded.retailerId,
      stepName: 'sti',
    });
    expect(notFailed.status).toBe(409);
    expect(notFailed.body.message).toBe('Only a failed step can be re-triggered');
  });

  it('refreshes a completed setup: a new run from the first step, the old one kept in history', async () => {
    const completed = await waitFor(
      async () => {
        const r = (await rowsOf(sandbox, 'faulty foods')).find((x) => x.status === 'COMPLETED');
        return r;
      },
      20_000,
      'a completed row',
    );
    const res = await post<{ message: string }>(sandbox, `${RS}/refreshData`, {
      setupId: completed.setupId,
      clientName: completed.clientName,
      clientId: completed.clientId,
      retailerId: completed.retailerId,
      isNewClient: true,
      isMarketShareEnabled: false,
      requestedBy: 'refresher@example.com',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/refresh started/i);
    const wf = (await post<Workflow>(sandbox, `${RS}/worflowData`, { setupId: completed.setupId }))
      .body;
    const current = wf.currentWorkflow.filter((e) => e.retailerId === completed.retailerId);
    expect(current[0]).toMatchObject({
      stepName: 'crawling',
      requestedby: 'refresher@example.com',
    });
    // The refreshed run may fail again (failure rate 1); either way it ran anew.
    expect(current.every((e) => e.requestedby === 'refresher@example.com')).toBe(true);
    expect(
      wf.historyWorkflow.filter(
        (e) =>
          e.retailerId === completed.retailerId &&
          e.stepName === 'sov_wf' &&
          e.status === 'completed',
      ),
    ).toHaveLength(1);
  });

  it('refuses to refresh a setup that is not completed', async () => {
    const failed = (await rowsOf(sandbox, 'faulty foods')).find((r) => r.status === 'FAILED')!;
    const res = await post<{ message: string }>(sandbox, `${RS}/refreshData`, {
      setupId: failed.setupId,
      clientName: failed.clientName,
      clientId: failed.clientId,
      retailerId: failed.retailerId,
      isNewClient: true,
      isMarketShareEnabled: false,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Only a completed setup can be refreshed (this one is FAILED)');
  });
});

describe('workflow runner: per-product setups', () => {
  let sandbox: RunningSandbox;
  let productId: number;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
    await post(sandbox, `${PR}/register-product`, {
      productName: 'Price Watch',
      productPath: '/price-watch/walmart/overview',
    });
    const products = await post<{ products: { productId: number; productName: string }[] }>(
      sandbox,
      `${PR}/product-list`,
    );
    productId = products.body.products.find((p) => p.productName === 'Price Watch')!.productId;
    const step = (stepName: string, flags: Record<string, boolean>) => ({
      stepName,
      productId,
      pollingDelay: 5,
      expectedExecutionTime: 10,
      triggerPayload: '{"job":"x"}',
      statusPayload: '{"id":"{{requestId}}"}',
      requestIdPath: '$.id',
      statusPath: '$.state',
      statusMap: '{"OK":"completed"}',
      isPolling: true,
      isRefreshRequired: true,
      shouldRunOnAdd: false,
      shouldRunOnEdit: false,
      ...flags,
    });
    await post(sandbox, `${PR}/register-step`, step('collect_prices', {}));
    await post(
      sandbox,
      `${PR}/register-step`,
      step('match_products', { isRefreshRequired: false }),
    );
    await post(sandbox, `${PR}/register-step`, step('publish_report', { shouldRunOnEdit: true }));
  });
  afterAll(() => sandbox.close());

  const runSteps = async (setupId: number, retailerId: number) => {
    const wf = (await post<Workflow>(sandbox, `${META}/workflowData`, { setupId })).body;
    return wf.currentWorkflow.filter((e) => e.retailerId === retailerId).map((e) => e.stepName);
  };

  it("walks the product's registered steps in stepOrder, after a reorder too", async () => {
    const steps = await post<{ steps: { stepId: number; stepName: string }[] }>(
      sandbox,
      `${PR}/step-list?productId=${productId}`,
    );
    const [collect, match, publish] = steps.body.steps;
    // publish_report first, then collect_prices, then match_products
    await post(sandbox, `${PR}/update-step-order?productId=${productId}`, {
      stepData: [
        { id: publish!.stepId, order: 1 },
        { id: collect!.stepId, order: 2 },
        { id: match!.stepId, order: 3 },
      ],
      stepToDelete: [],
    });
    const client = { clientId: 1001, clientName: 'blue harbor foods' };
    const item = await addItem(sandbox, client, 12);
    const res = await post(sandbox, `${META}/addSetup`, { productId, data: [item] });
    expect(res.status).toBe(200);
    const [row] = await rowsOf(sandbox, 'blue harbor', productId);
    expect(row).toMatchObject({ status: 'NOT_STARTED', stepName: 'publish_report' });
    await waitFor(
      async () => {
        const [r] = await rowsOf(sandbox, 'blue harbor', productId);
        return r?.status === 'COMPLETED' ? r : undefined;
      },
      10_000,
      'the product setup to complete',
    );
    expect(await runSteps(row!.setupId, 12)).toEqual([
      'publish_report',
      'collect_prices',
      'match_products',
    ]);
  });

  it('refresh re-runs only the steps that need a refresh; an edit of nodes runs the shouldRunOnEdit ones', async () => {
    const [row] = await rowsOf(sandbox, 'blue harbor', productId);
    const refresh = await post(sandbox, `${META}/refreshData`, {
      setupId: row!.setupId,
      stepName: 'publish_report',
      clientName: row!.clientName,
      clientId: row!.clientId,
      retailerId: 12,
      isNewClient: false,
      productId,
    });
    expect(refresh.status).toBe(200);
    expect(await runSteps(row!.setupId, 12)).toEqual(['publish_report', 'collect_prices']);
    await waitFor(
      async () => {
        const [r] = await rowsOf(sandbox, 'blue harbor', productId);
        return r?.status === 'COMPLETED' ? r : undefined;
      },
      10_000,
      'the refresh to complete',
    );

    const { parent } = await import('./support.js').then((m) => m.pickNodes(sandbox, 12, 'coffee'));
    const update = await post<{ message: string }>(sandbox, `${META}/updateSetup`, {
      productId,
      data: [
        {
          retailerId: 12,
          browseNodes: [{ parent_id: parent.id, id: parent.id }],
          nodeDetails: [parent.taxonomyId],
          isNewClient: false,
          clientName: row!.clientName,
          clientId: row!.clientId,
          brands: ['Blue Harbor'],
          isMarketShareEnabled: false,
          schedule: null,
          setupId: row!.setupId,
          isEdit: true,
          isBrandsUpdate: false,
          isScheduleUpdate: false,
          isScheduleRemove: false,
        },
      ],
    });
    expect(update.status).toBe(200);
    expect(update.body.message).toContain('nodes of retailer 12');
    expect(await runSteps(row!.setupId, 12)).toEqual(['publish_report']);
  });
});

describe('workflow engine', () => {
  it('fails a deterministic share of runs, chosen by a hash of setup, retailer and run', () => {
    const db = openDatabase({ inMemory: true });
    const engine = new WorkflowEngine(db, { stepMs: 1, failureRate: 0.15, failureSeed: 'x' });
    const points: number[] = [];
    for (let setupId = 1; setupId <= 2000; setupId += 1) {
      const at = engine.failurePoint({ setupId, retailerId: 4 }, 1, 9);
      if (at !== null) points.push(at);
      expect(engine.failurePoint({ setupId, retailerId: 4 }, 1, 9)).toBe(at);
    }
    // Each failing run fails at one of its 9 steps.
    expect(Math.min(...points)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...points)).toBeLessThan(9);
    const failing = points.length;
    expect(failing / 2000).toBeGreaterThan(0.12);
    expect(failing / 2000).toBeLessThan(0.18);
    const other = new WorkflowEngine(db, { stepMs: 1, failureRate: 0.15, failureSeed: 'y' });
    const differs = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].some(
      (setupId) =>
        other.failurePoint({ setupId, retailerId: 4 }, 1, 9) !==
        engine.failurePoint({ setupId, retailerId: 4 }, 1, 9),
    );
    expect(differs).toBe(true);
    db.close();
  });

  it('stops cleanly: after close, no run moves on', async () => {
    const db = openDatabase({ inMemory: true });
    const engine = new WorkflowEngine(db, { stepMs: 10, failureRate: 0, failureSeed: 'x' });
    seedDatabase(db, engine);
    const runner = new WorkflowRunner(engine);
    const key = {
      setupId: 1,
      retailerId: db
        .prepare<[], { r: number }>(
          'SELECT retailer_id AS r FROM setup_retailers WHERE setup_id = 1',
        )
        .get()!.r,
    };
    engine.startRun(key, ['a', 'b'], 'x');
    const state = () =>
      JSON.stringify(
        db.prepare('SELECT step_index, step_status FROM workflow_runs WHERE setup_id = ?').get(1),
      );
    const initial = state();
    runner.schedule();
    // Any move of the run: a 10 ms step can pass through STARTED between two polls.
    await waitFor(() => (state() !== initial ? true : undefined), 2000, 'a transition');
    runner.close();
    const frozen = db
      .prepare('SELECT step_index, step_status FROM workflow_runs WHERE setup_id = ?')
      .get(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(
      db.prepare('SELECT step_index, step_status FROM workflow_runs WHERE setup_id = ?').get(1),
    ).toEqual(frozen);
    db.close();
  });
});
