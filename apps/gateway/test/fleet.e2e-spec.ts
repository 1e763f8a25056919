import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  FleetFailures,
  FleetHealth,
  FleetMatching,
  FleetSetups,
  FleetSnapshot,
  SetupRow,
  WorkflowResponse,
} from '@onboarding/contracts';
import { type Browser, freePort, signIn, waitFor } from '@onboarding/test-support';
import { json } from './support/fault-server.js';
import { scrape } from './support/metrics.js';
import { FLEET_IDENTITY, FleetService } from '../src/fleet/fleet.service.js';
import { CountingProxy } from './support/counting-proxy.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { rawGet } from './support/raw-get.js';
import { type RunningSandbox, startSandbox } from './support/sandbox.js';
import { allRows } from './support/setup-rows.js';
import { startFaultStack } from './support/stack.js';

const SNAPSHOT = '/api/fleet/snapshot';
const SETUPS = '/api/fleet/setups';
const FAILURES = '/api/fleet/failures';
const HEALTH = '/api/fleet/health';
const MATCHING = '/api/fleet/matching';
const CL = `${SNAPSHOT}?flow=rem_omni`;

interface Engine {
  failStep(key: { setupId: number; retailerId: number }, step: string, message: string): void;
}

/** A row of a setup whose every row is completed. */
const completedSetupRow = (rows: SetupRow[]) =>
  rows.find((r) => rows.every((o) => o.setupId !== r.setupId || o.status === 'COMPLETED'))!;

/** A row in flight (the seed's next transition is hours away): the completed ones are few. */
const inFlightRow = (rows: SetupRow[]) =>
  rows.find((r) => !['COMPLETED', 'FAILED'].includes(r.status))!;

describe('the fleet snapshot, against the sandbox', () => {
  let sandbox: RunningSandbox;
  let proxy: CountingProxy;
  let gw: TestGateway;
  let browser: Browser;
  let fleet: FleetService;

  beforeAll(async () => {
    const port = await freePort();
    sandbox = await startSandbox([`http://127.0.0.1:${port}`]);
    proxy = await new CountingProxy(sandbox.url).start();
    gw = await startGateway(
      {
        OIDC_ISSUER: `${sandbox.url}/oidc`,
        CUSTOMER_SETUP_API_URL: `${proxy.url}/customer-setup`,
        LLM_API_URL: `${sandbox.url}/llm`,
        // Refreshes in these tests are asked for; the timer must not add its own.
        FLEET_REFRESH_SECONDS: '3600',
        // The outage below fails many reads at once: its circuit must not stay open after it.
        CIRCUIT_FAILURE_THRESHOLD: '1000',
      },
      { port },
    );
    fleet = gw.gateway.app.get(FleetService);
    ({ browser } = await signIn(gw.url, 'fleet@example.com'));
  }, 30_000);

  afterAll(async () => {
    await gw?.close();
    await proxy?.close();
    await sandbox?.close();
  });

  const snapshot = async (path = CL) => {
    const res = await browser.get(`${gw.url}${path}`);
    expect(res.status).toBe(200);
    return res.json as FleetSnapshot;
  };

  it('refuses a signed-out caller', async () => {
    const res = await fetch(`${gw.url}${CL}`);
    expect(res.status).toBe(401);
  });

  it('refuses a product flow without its product', async () => {
    const res = await browser.get(`${gw.url}${SNAPSHOT}?flow=meta`);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { issues: [{ path: ['query', 'productId'] }] } });
  });

  it('reads the fleet on the first signed-in request and serves it, with its progress, to every operator', async () => {
    const ready = await waitFor(async () => {
      const s = await snapshot();
      return s.state === 'ready' ? s : undefined;
    });
    const rows = await allRows(browser, gw.url);
    const setups = new Set(rows.map((r) => r.setupId)).size;
    expect(ready.metrics!.setups).toBe(setups);
    expect(ready.progress.read).toBe(ready.progress.total);
    expect(ready.flows.map((f) => f.name)).toContain('Category Leaderboard');
    expect(ready.ageSeconds).toBeGreaterThanOrEqual(0);
    // Every Category Leaderboard step, with what the seeded histories measured.
    expect(ready.metrics!.durations.map((d) => d.stepName)).toEqual(ready.metrics!.steps);
    expect(ready.metrics!.durations.filter((d) => d.n > 0).length).toBeGreaterThan(0);
    // A second operator gets the same snapshot, read once.
    const { browser: other } = await signIn(gw.url, 'second@example.com');
    const theirs = (await other.get(`${gw.url}${CL}`)).json as FleetSnapshot;
    expect(theirs.takenAt).toBe(ready.takenAt);
    // A product flow is served from the same snapshot.
    const product = ready.flows.find((f) => f.flow === 'meta')!;
    const perProduct = await snapshot(`${SNAPSHOT}?flow=meta&productId=${product.productId}`);
    expect(perProduct.takenAt).toBe(ready.takenAt);
    expect(perProduct.metrics!.setups).toBe(product.setups);
  });

  it('reads only the list pages when nothing changed, setups in flight included: no workflow again', async () => {
    const rows = await allRows(browser, gw.url);
    // The seed holds setups in flight (their next transition hours away): not read again either.
    expect(rows.some((r) => !['COMPLETED', 'FAILED'].includes(r.status))).toBe(true);
    proxy.reset();
    const report = await fleet.refresh();
    expect(proxy.count('/worflowData') + proxy.count('/workflowData')).toBe(0);
    expect(report!.calls.workflows).toBe(0);
    expect(proxy.count('/rem_omni/allSetup')).toBe(
      Math.ceil(new Set(rows.map((r) => r.setupId)).size / 100),
    );
  });

  it('re-reads a setup whose row changed, and its failure shows in the counts and its forecast', async () => {
    const before = await snapshot();
    const rows = await allRows(browser, gw.url);
    const target = completedSetupRow(rows);
    (sandbox as unknown as { engine: Engine }).engine.failStep(
      { setupId: target.setupId, retailerId: target.retailerId },
      'sti',
      'made to fail by the test',
    );
    proxy.reset();
    await fleet.refresh();
    expect(proxy.count('/worflowData') + proxy.count('/workflowData')).toBe(1);
    const after = await snapshot();
    const failedAtSti = (s: FleetSnapshot) =>
      s.metrics!.setupsByStep.find((b) => b.stepName === 'sti' && b.status === 'FAILED')?.setups ??
      0;
    expect(failedAtSti(after)).toBe(failedAtSti(before) + 1);
    expect(after.metrics!.forecasts.find((f) => f.setupId === target.setupId)).toMatchObject({
      state: 'failed',
      liveBy: null,
      failedStep: 'sti',
    });
    expect(Date.parse(after.takenAt!)).toBeGreaterThan(Date.parse(before.takenAt!));
  });

  it('re-reads a setup re-triggered through the console whose row reads as before by the next refresh (it failed again at the same step)', async () => {
    const engine = (sandbox as unknown as { engine: Engine }).engine;
    // Run alone, the first read (started at sign-in) must be over before the rows are changed.
    await waitFor(async () => ((await snapshot()).state === 'ready' ? true : undefined));
    const row = inFlightRow(await allRows(browser, gw.url));
    const key = { setupId: row.setupId, retailerId: row.retailerId };
    engine.failStep(key, 'analytics', 'failed the first time');
    await fleet.refresh();
    const res = await browser.post(`${gw.url}/api/proxy/customer-setup/rem_omni/reTrigger`, {
      setupId: row.setupId,
      stepName: 'analytics',
      clientName: row.clientName,
      clientId: row.clientId,
      retailerId: row.retailerId,
      isNewClient: row.isNewClient,
      ismarketshareEnabled: row.ismarketshareEnabled,
    });
    expect(res.status).toBe(200);
    // Failed again before the next refresh: the row is FAILED at analytics, as the snapshot has it.
    engine.failStep(key, 'analytics', 'failed after its re-trigger');
    proxy.reset();
    await fleet.refresh();
    expect(proxy.count('/worflowData') + proxy.count('/workflowData')).toBe(1);
    const failure = (await snapshot()).metrics!.failures.find(
      (f) => f.setupId === row.setupId && f.retailerId === row.retailerId,
    );
    expect(failure).toMatchObject({
      stepName: 'analytics',
      message: 'failed after its re-trigger',
    });
    // Read once: the refresh after it reads no workflow.
    proxy.reset();
    await fleet.refresh();
    expect(proxy.count('/worflowData') + proxy.count('/workflowData')).toBe(0);
  });

  it('names the setups behind each bar and cell, and lists each failure with its message, as the list and workflow say', async () => {
    const s = await snapshot();
    const m = s.metrics!;
    const rows = await allRows(browser, gw.url);
    // Each bar opens exactly the setups whose rows sit at its step and status, on any page.
    for (const bucket of m.setupsByStep) {
      const ids = new Set(
        rows
          .filter((r) => r.stepName === bucket.stepName && r.status === bucket.status)
          .map((r) => r.setupId),
      );
      expect(bucket.setupIds).toEqual([...ids].sort((a, b) => a - b));
      expect(bucket.setups).toBe(ids.size);
    }
    // Every setup of the list (all its pages) is in a bar.
    const listed = new Set(rows.map((r) => r.setupId));
    expect(new Set(m.setupsByStep.flatMap((b) => b.setupIds))).toEqual(listed);
    for (const cell of m.retailerSteps) expect(cell.setupIds).toHaveLength(cell.count);
    expect(m.failuresByWeek.every((w) => w.setupIds.length > 0)).toBe(true);

    // The failure made above: one entry, with the sandbox's message and its time.
    const failedRows = rows.filter((r) => r.status === 'FAILED');
    expect(m.failures).toHaveLength(
      new Set(failedRows.map((r) => `${r.setupId}:${r.retailerId}`)).size,
    );
    const made = m.failures.filter((f) => f.message === 'made to fail by the test');
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ stepName: 'sti', failedAt: expect.any(String) });
    const cell = m.retailerSteps.find(
      (c) => c.retailerId === made[0]!.retailerId && c.stepName === 'sti' && c.status === 'failed',
    )!;
    expect(cell.setupIds).toContain(made[0]!.setupId);
    const week = m.failuresByWeek.find(
      (w) => w.stepName === 'sti' && w.setupIds.includes(made[0]!.setupId),
    );
    expect(week).toBeDefined();
    // Newest first.
    const times = m.failures.flatMap((f) => (f.failedAt ? [Date.parse(f.failedAt)] : []));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('keeps serving the last snapshot, marked stale with the error, through an outage, never a half-read one', async () => {
    const before = await snapshot();
    const rows = await allRows(browser, gw.url);
    const target = completedSetupRow(rows);
    (sandbox as unknown as { engine: Engine }).engine.failStep(
      { setupId: target.setupId, retailerId: target.retailerId },
      'crawling',
      'made to fail by the test',
    );
    // A product setup changes too, so the refresh reads a product workflow.
    const product = before.flows.find((f) => f.flow === 'meta' && f.setups > 0)!;
    const productRows = (
      await browser.post(`${gw.url}/api/proxy/customer-setup/meta/allSetup`, {
        searchText: '',
        limit: 100,
        offset: 0,
        productId: product.productId,
      })
    ).json as SetupRow[];
    const productRow = productRows.find((r) => r.status !== 'FAILED' && r.stepName)!;
    (sandbox as unknown as { engine: Engine }).engine.failStep(
      { setupId: productRow.setupId, retailerId: productRow.retailerId },
      productRow.stepName!,
      'made to fail by the test',
    );
    // Category Leaderboard workflows read fine; every product's fails: the read stops half-way.
    const fault = sandbox.faults.add({
      path: '/customer-setup/meta/workflowData',
      kind: 'status',
      status: 500,
    });
    try {
      expect(await fleet.refresh()).toBeNull();
      const stale = await snapshot();
      expect(stale.state).toBe('stale');
      expect(stale.error).toMatchObject({ message: 'The service failed to answer.' });
      expect(stale.takenAt).toBe(before.takenAt);
      expect(stale.metrics).toEqual(before.metrics);
    } finally {
      sandbox.faults.clear();
      void fault;
    }
    await fleet.refresh();
    const recovered = await snapshot();
    expect(recovered).toMatchObject({ state: 'ready', error: null });
    expect(recovered.metrics!.forecasts.find((f) => f.setupId === target.setupId)).toMatchObject({
      failedStep: 'crawling',
    });
  });

  it('runs at most FLEET_UPSTREAM_CONCURRENCY upstream calls at once', async () => {
    // A proxy of its own: only this gateway's calls are counted.
    const own = await new CountingProxy(sandbox.url).start();
    const capped = await startGateway({
      OIDC_ISSUER: `${sandbox.url}/oidc`,
      CUSTOMER_SETUP_API_URL: `${own.url}/customer-setup`,
      FLEET_UPSTREAM_CONCURRENCY: '2',
    });
    sandbox.faults.add({ path: '/customer-setup/*', kind: 'latency', latencyMs: 20 });
    try {
      const report = await capped.gateway.app.get(FleetService).refresh();
      expect(report!.calls.workflows).toBeGreaterThan(10);
      expect(own.maxInFlight).toBe(2);
    } finally {
      sandbox.faults.clear();
      await capped.close();
      await own.close();
    }
  });

  it('answers the asked setups in the order asked, each with its list rows and forecast, and names those it does not hold', async () => {
    const s = await snapshot();
    const rows = await allRows(browser, gw.url);
    const completed = completedSetupRow(rows).setupId;
    const running = s.metrics!.forecasts.find((f) => f.state === 'running')!;
    const failed = s.metrics!.forecasts.find((f) => f.state === 'failed')!;
    const unknown = 987_654_321;
    const asked = [running.setupId, unknown, completed, failed.setupId, running.setupId];
    const res = await browser.get(`${gw.url}${SETUPS}?flow=rem_omni&setupIds=${asked.join(',')}`);
    expect(res.status).toBe(200);
    const answer = res.json as FleetSetups;
    expect(answer).toMatchObject({ state: 'ready', takenAt: s.takenAt, error: null });
    expect(answer.setups.map((x) => x.setupId)).toEqual([
      running.setupId,
      completed,
      failed.setupId,
    ]);
    expect(answer.missing).toEqual([unknown]);
    // Each setup's rows are its list rows; its forecast the snapshot's, none once completed.
    for (const setup of answer.setups) {
      const listed = rows.filter((r) => r.setupId === setup.setupId);
      expect(setup).toMatchObject({
        clientName: listed[0]!.clientName,
        clientId: listed[0]!.clientId,
        isNewClient: listed[0]!.isNewClient,
      });
      expect(setup.rows).toEqual(
        listed.map((r) => ({
          retailerId: r.retailerId,
          retailerName: r.retailerName ?? null,
          status: r.status,
          stepName: r.stepName,
          ismarketshareEnabled: r.ismarketshareEnabled,
        })),
      );
    }
    expect(answer.setups[0]!.forecast).toEqual(running);
    expect(answer.setups[1]!.forecast).toBeNull();
    expect(answer.setups[2]!.forecast).toMatchObject({ state: 'failed', liveBy: null });
    // When each began and last changed: its workflow's earliest and latest entry, history included.
    for (const setup of answer.setups) {
      const workflow = (
        await browser.post(`${gw.url}/api/proxy/customer-setup/rem_omni/worflowData`, {
          setupId: setup.setupId,
        })
      ).json as WorkflowResponse;
      const times = [...workflow.historyWorkflow, ...workflow.currentWorkflow]
        .map((e) => Date.parse(e.updatedat))
        .sort((a, b) => a - b);
      expect(times.length).toBeGreaterThan(0);
      expect({ startedAt: setup.startedAt, lastChangeAt: setup.lastChangeAt }).toEqual({
        startedAt: new Date(times[0]!).toISOString(),
        lastChangeAt: new Date(times.at(-1)!).toISOString(),
      });
    }
  });

  it("answers a product flow's setups by its productId; Category Leaderboard does not hold them", async () => {
    const s = await snapshot();
    const product = s.flows.find((f) => f.flow === 'meta' && f.setups > 0)!;
    const flow = `flow=meta&productId=${product.productId}`;
    const metrics = (await snapshot(`${SNAPSHOT}?${flow}`)).metrics!;
    const ids = [...new Set(metrics.setupsByStep.flatMap((b) => b.setupIds))].slice(0, 100);
    const clIds = new Set(s.metrics!.setupsByStep.flatMap((b) => b.setupIds));
    const res = await browser.get(`${gw.url}${SETUPS}?${flow}&setupIds=${ids.join(',')}`);
    expect(res.status).toBe(200);
    const answer = res.json as FleetSetups;
    expect(answer.setups.map((x) => x.setupId)).toEqual(ids);
    expect(answer.missing).toEqual([]);
    const inCl = (await browser.get(`${gw.url}${SETUPS}?flow=rem_omni&setupIds=${ids.join(',')}`))
      .json as FleetSetups;
    expect(inCl.missing).toEqual(ids.filter((id) => !clIds.has(id)));
  });

  it.each([
    ['letters', 'abc', 'Must be setup ids separated by commas'],
    ['empty', '', 'Must be setup ids separated by commas'],
    ['101 ids', Array.from({ length: 101 }, (_, i) => i + 1).join(','), 'At most 100 setups'],
  ])(
    'refuses setupIds of %s with the contract error, asking the upstream nothing',
    async (_, ids, message) => {
      proxy.reset();
      const res = await browser.get(`${gw.url}${SETUPS}?flow=rem_omni&setupIds=${ids}`);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        error: { issues: [{ path: ['query', 'setupIds'], message }] },
      });
      expect(proxy.calls.size).toBe(0);
    },
  );

  it("refuses setups, failures and a bar's setups to a signed-out caller", async () => {
    expect((await fetch(`${gw.url}${SETUPS}?flow=rem_omni&setupIds=1`)).status).toBe(401);
    expect((await fetch(`${gw.url}${FAILURES}?flow=rem_omni`)).status).toBe(401);
    const bar = `${MATCHING}?flow=rem_omni&chart=step&stepName=sti`;
    expect((await fetch(`${gw.url}${bar}`)).status).toBe(401);
  });

  it("lists a flow's failures with its steps, a setup made to fail among them with its message and what its re-trigger sends", async () => {
    const rows = await allRows(browser, gw.url);
    const target = inFlightRow(rows);
    (sandbox as unknown as { engine: Engine }).engine.failStep(
      { setupId: target.setupId, retailerId: target.retailerId },
      'analytics',
      'failed for the failures list',
    );
    await fleet.refresh();
    const res = await browser.get(`${gw.url}${FAILURES}?flow=rem_omni`);
    expect(res.status).toBe(200);
    const answer = res.json as FleetFailures;
    const s = await snapshot();
    expect(answer).toMatchObject({ state: 'ready', takenAt: s.takenAt });
    expect(answer.steps).toEqual(s.metrics!.steps);
    expect(answer.failures).toEqual(s.metrics!.failures);
    expect(answer.failures).toContainEqual(
      expect.objectContaining({
        setupId: target.setupId,
        retailerId: target.retailerId,
        stepName: 'analytics',
        message: 'failed for the failures list',
        // What a re-trigger of the row sends, as its list row says.
        clientId: target.clientId,
        isNewClient: target.isNewClient,
        ismarketshareEnabled: target.ismarketshareEnabled,
      }),
    );
  });

  it("answers a flow's health as the snapshot's counts, without its forecasts, failures and setup ids, from the same snapshot", async () => {
    await waitFor(async () => ((await snapshot()).state === 'ready' ? true : undefined));
    const s = await snapshot();
    const res = await browser.get(`${gw.url}${HEALTH}?flow=rem_omni`);
    expect(res.status).toBe(200);
    const health = res.json as FleetHealth;
    const { metrics, ...status } = s;
    const { forecasts, failures, setupsByStep, failuresByWeek, retailerSteps, ...drawn } = metrics!;
    expect(forecasts.length + failures.length).toBeGreaterThan(0);
    const counts = <T extends { setupIds: number[] }>({ setupIds: _ids, ...bar }: T) => bar;
    expect(health).toEqual({
      ...status,
      ageSeconds: health.ageSeconds,
      metrics: {
        ...drawn,
        setupsByStep: setupsByStep.map(counts),
        failuresByWeek: failuresByWeek.map(counts),
        retailerSteps: retailerSteps.map(counts),
        // Each step's setups once, whatever the status of their rows at it.
        setupsAtStep: drawn.steps.map((stepName) => ({
          stepName,
          setups: new Set(
            setupsByStep.filter((b) => b.stepName === stepName).flatMap((b) => b.setupIds),
          ).size,
        })),
      },
    });
    expect(JSON.stringify(health)).not.toContain('setupIds');
    expect(health.metrics!.setupsAtStep.some((a) => a.setups > 0)).toBe(true);
    // Bytes the health screen no longer downloads.
    expect(JSON.stringify(health).length).toBeLessThan(JSON.stringify(s).length);
    const product = s.flows.find((f) => f.flow === 'meta')!;
    const perProduct = (
      await browser.get(`${gw.url}${HEALTH}?flow=meta&productId=${product.productId}`)
    ).json as FleetHealth;
    expect(perProduct.takenAt).toBe(s.takenAt);
    expect(perProduct.metrics!.setups).toBe(product.setups);
  });

  it.each([
    ['a product flow without its product', 'flow=meta', ['query', 'productId']],
    ['Category Leaderboard with a product', 'flow=rem_omni&productId=3', ['query', 'productId']],
    ['an unknown flow', 'flow=everything', ['query', 'flow']],
    ['an unknown parameter', 'flow=rem_omni&setupIds=1', ['query']],
  ])('refuses the health of %s with the contract error', async (_, search, path) => {
    proxy.reset();
    const res = await browser.get(`${gw.url}${HEALTH}?${search}`);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { issues: [{ path }] } });
    expect(proxy.calls.size).toBe(0);
  });

  it("answers the setups behind each bar and cell a page at a time, as the snapshot's ids name them", async () => {
    await waitFor(async () => ((await snapshot()).state === 'ready' ? true : undefined));
    const m = (await snapshot()).metrics!;
    const matching = async (search: string) => {
      const res = await browser.get(`${gw.url}${MATCHING}?flow=rem_omni&${search}`);
      expect(res.status).toBe(200);
      return res.json as FleetMatching;
    };
    /** Every page of a bar, 2 setups a page: the ids in order and the total each page said. */
    const everyPage = async (search: string) => {
      const ids: number[] = [];
      const totals = new Set<number>();
      for (let offset = 0; ; offset += 2) {
        const page = await matching(`${search}&limit=2&offset=${offset}`);
        totals.add(page.total);
        ids.push(...page.setups.map((setup) => setup.setupId));
        if (page.setups.length < 2) return { ids, totals: [...totals] };
      }
    };
    const failed = m.setupsByStep.find((b) => b.status === 'FAILED' && b.stepName === 'sti')!;
    expect(failed.setupIds.length).toBeGreaterThan(0);
    expect(await everyPage('chart=bucket&stepName=sti&status=FAILED')).toEqual({
      ids: failed.setupIds,
      totals: [failed.setupIds.length],
    });
    const cell = m.retailerSteps.find((c) => c.setupIds.length > 2)!;
    expect(
      await everyPage(
        `chart=cell&retailerId=${cell.retailerId}&stepName=${cell.stepName}&status=${cell.status}`,
      ),
    ).toEqual({ ids: cell.setupIds, totals: [cell.setupIds.length] });
    const week = m.failuresByWeek[0]!;
    expect(
      (await everyPage(`chart=week&weekStart=${week.weekStart}&stepName=${week.stepName}`)).ids,
    ).toEqual(week.setupIds);
    const atSti = [
      ...new Set(m.setupsByStep.filter((b) => b.stepName === 'sti').flatMap((b) => b.setupIds)),
    ].sort((a, b) => a - b);
    expect((await everyPage('chart=step&stepName=sti')).ids).toEqual(atSti);
    // Without stepName, a bucket is the rows with no step yet (none in this seed, whose rows all
    // name theirs), never every row of the status.
    const noStep = m.setupsByStep.find((b) => b.stepName === null && b.status === 'FAILED');
    const page = await matching('chart=bucket&status=FAILED&limit=100');
    expect(page.setups.map((setup) => setup.setupId)).toEqual(noStep?.setupIds ?? []);

    // Each setup as fleet.setups answers it: its rows and its forecast.
    const first = await matching('chart=bucket&stepName=sti&status=FAILED');
    const asked = (
      await browser.get(
        `${gw.url}${SETUPS}?flow=rem_omni&setupIds=${first.setups.map((x) => x.setupId).join(',')}`,
      )
    ).json as FleetSetups;
    expect(first.setups).toEqual(asked.setups);
    expect(first.setups[0]!.forecast).toMatchObject({ state: 'failed', failedStep: 'sti' });
    // A bar the snapshot does not have is empty, not an error.
    expect(await matching('chart=bucket&stepName=nowhere&status=FAILED')).toMatchObject({
      total: 0,
      setups: [],
    });
  });

  it.each([
    ['a bucket without its status', 'chart=bucket&stepName=sti', ['query', 'status']],
    ['a step with a status', 'chart=step&stepName=sti&status=FAILED', ['query', 'status']],
    [
      'a cell without its retailer',
      'chart=cell&stepName=sti&status=failed',
      ['query', 'retailerId'],
    ],
    [
      'a week not written as a date',
      'chart=week&stepName=sti&weekStart=16-11-2026',
      ['query', 'weekStart'],
    ],
    ['a page of more than 100', 'chart=step&stepName=sti&limit=101', ['query', 'limit']],
    ['an unknown chart', 'chart=pie&stepName=sti', ['query', 'chart']],
  ])('refuses the setups of %s with the contract error', async (_, search, path) => {
    proxy.reset();
    const res = await browser.get(`${gw.url}${MATCHING}?flow=rem_omni&${search}`);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { issues: [{ path }] } });
    expect(proxy.calls.size).toBe(0);
  });

  it('refuses the health to a signed-out caller', async () => {
    const res = await fetch(`${gw.url}${HEALTH}?flow=rem_omni`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });

  it('sends a large fleet answer compressed to a client that accepts gzip or br, plain to one that accepts neither', async () => {
    await waitFor(async () => ((await snapshot()).state === 'ready' ? true : undefined));
    const cookie = browser.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const url = `${gw.url}${CL}`;
    const plain = await rawGet(url, { cookie });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const answer = JSON.parse(plain.body.toString()) as FleetSnapshot;
    expect(plain.body.length).toBeGreaterThan(10_000);
    for (const [accept, encoding, decode] of [
      ['gzip', 'gzip', zlib.gunzipSync],
      ['gzip, deflate, br, zstd', 'br', zlib.brotliDecompressSync],
    ] as const) {
      const res = await rawGet(url, { cookie, 'accept-encoding': accept });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.body.length).toBeLessThan(plain.body.length / 4);
      const decoded = JSON.parse(decode(res.body).toString()) as FleetSnapshot;
      expect(decoded.takenAt).toBe(answer.takenAt);
      expect(decoded.metrics).toEqual(answer.metrics);
    }
  });
});

describe('the fleet snapshot when the upstream is down from the start', () => {
  it('says it is unavailable, with the error, and serves no metrics; its calls carry the gateway, not an operator', async () => {
    const stack = await startFaultStack({ FLEET_REFRESH_SECONDS: '3600' });
    try {
      stack.upstream.otherwise((_req, res) => {
        res.writeHead(503).end();
      });
      const fleet = stack.gw.gateway.app.get(FleetService);
      await fleet.refresh();
      const res = await stack.browser.get(`${stack.gw.url}${CL}`);
      expect(res.json).toMatchObject({
        state: 'unavailable',
        metrics: null,
        takenAt: null,
        error: { message: 'The service is unavailable right now. Try again shortly.' },
      });
      // No operator asked for it: the calls carry the gateway's own identity.
      expect(stack.upstream.requests.map((r) => r.headers['x-user-email'])).toContain(
        FLEET_IDENTITY,
      );
      expect(stack.upstream.requests.map((r) => r.headers['x-user-email'])).not.toContain(
        stack.email,
      );
    } finally {
      await stack.close();
    }
  });
});

describe("the fleet's own reads, against an upstream of our own", () => {
  it('retries a read that failed once, counts and times each read, and refuses an answer outside its contract with its paths logged, not its values', async () => {
    const metricsPort = await freePort();
    const stack = await startFaultStack({
      FLEET_REFRESH_SECONDS: '3600',
      METRICS_PORT: `${metricsPort}`,
    });
    try {
      const read = async () => {
        const scraped = await scrape(`http://127.0.0.1:${metricsPort}/metrics`);
        const labels = { service: 'customer-setup' };
        const calls = (outcome: string) =>
          scraped.value('onboarding_gateway_upstream_calls_total', { ...labels, outcome }) ?? 0;
        return {
          mismatch: calls('contract_mismatch'),
          failed: calls('5xx'),
          timed: scraped.value('onboarding_gateway_upstream_call_duration_seconds_count', labels),
          seconds: scraped.value('onboarding_gateway_upstream_call_duration_seconds_sum', labels),
        };
      };
      const before = await read();
      // The product list is the fleet's first read, alone: it fails once, then answers in a
      // shape of its own.
      stack.upstream.otherwise((_req, res) => {
        if (stack.upstream.requests.length === 1) res.writeHead(503).end();
        else json(res, 200, { products: [{ productId: 'secret-value-1' }] });
      });
      await stack.gw.gateway.app.get(FleetService).refresh();

      const [first, again, ...more] = stack.upstream.requests;
      expect(more).toEqual([]);
      expect(again!.url).toBe(first!.url);
      const res = await stack.browser.get(`${stack.gw.url}${CL}`);
      expect(res.json).toMatchObject({
        state: 'unavailable',
        metrics: null,
        error: { message: 'The service answered in an unexpected shape.' },
      });
      const [logged] = stack.gw.logs.find(
        (l) => l.msg === 'upstream answer does not match the contract',
      );
      expect(logged).toMatchObject({ level: 'error', upstream: 'customer-setup' });
      // The refresh's own lines, though a browser's request started it: the id its calls sent.
      expect(logged!.requestId).toMatch(/^fleet-/);
      expect(logged!.requestId).toBe(first!.headers['x-request-id']);
      expect(JSON.stringify(logged)).toContain('productId');
      expect(JSON.stringify(logged)).not.toContain('secret-value-1');
      // One read, retried inside: counted once, by how it ended, and timed in seconds.
      const after = await read();
      expect([after.mismatch - before.mismatch, after.failed - before.failed]).toEqual([1, 0]);
      expect(after.timed! - (before.timed ?? 0)).toBe(1);
      expect(after.seconds! - (before.seconds ?? 0)).toBeGreaterThan(0);
      expect(after.seconds! - (before.seconds ?? 0)).toBeLessThan(10);
    } finally {
      await stack.close();
    }
  });
});
