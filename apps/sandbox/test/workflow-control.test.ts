import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RunningSandbox } from '../src/sandbox.js';
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

describe('workflow control (admin API: POST /workflow/fail)', () => {
  let sandbox: RunningSandbox;
  let rows: Row[];
  beforeAll(async () => {
    // A slow workflow, so the runs are still in flight when the control fails them.
    sandbox = await startTestSandbox({ adminPort: 0, stepMs: 60_000 });
    const client = await newProspect(sandbox, 'Control Foods');
    const items = [await addItem(sandbox, client, 4), await addItem(sandbox, client, 12)];
    expect((await post(sandbox, `${RS}/addSetup`, items, 'mei.chen@example.com')).status).toBe(200);
    rows = await rowsOf(sandbox, 'control foods');
  });
  afterAll(() => sandbox.close());

  const fail = async (body: unknown) => {
    const res = await fetch(`${sandbox.adminUrl!}/workflow/fail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const workflowOf = async (setupId: number) =>
    (await post<Workflow>(sandbox, `${RS}/worflowData`, { setupId })).body;

  it('is served on the admin port only', async () => {
    const res = await post(sandbox, '/workflow/fail', { setupId: rows[0]!.setupId });
    expect(res.status).toBe(404);
  });

  it('makes one retailer stand FAILED at the step with the message in its status payload', async () => {
    const setupId = rows[0]!.setupId;
    const res = await fail({ setupId, retailerId: 12, stepName: 'sti', message: 'Quota hit' });
    expect(res).toEqual({
      status: 200,
      body: { setupId, stepName: 'sti', message: 'Quota hit', retailerIds: [12] },
    });
    const now = await rowsOf(sandbox, 'control foods');
    expect(now.map((r) => [r.retailerId, r.status, r.stepName])).toEqual([
      [4, 'NOT_STARTED', 'crawling'],
      [12, 'FAILED', 'sti'],
    ]);
    const current = (await workflowOf(setupId)).currentWorkflow.filter((e) => e.retailerId === 12);
    const index = CATEGORY_LEADERBOARD_STEPS.indexOf('sti');
    expect(current.map((e) => e.status)).toEqual(
      CATEGORY_LEADERBOARD_STEPS.map((_, i) =>
        i < index ? 'completed' : i === index ? 'failed' : 'not_started',
      ),
    );
    expect(JSON.parse(current[index]!.statusPayload!)).toMatchObject({
      state: 'ERROR',
      message: 'Quota hit',
    });
  });

  it('fails every retailer with the default message, and a re-trigger then runs the step on', async () => {
    const setupId = rows[0]!.setupId;
    const res = await fail({ setupId, stepName: 'analytics' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: "Failed by the sandbox's workflow control",
      retailerIds: [4, 12],
    });
    const failed = await rowsOf(sandbox, 'control foods');
    expect(failed.every((r) => r.status === 'FAILED' && r.stepName === 'analytics')).toBe(true);
    const wf = await workflowOf(setupId);
    const entry = wf.currentWorkflow.find((e) => e.retailerId === 4 && e.stepName === 'analytics');
    expect(JSON.parse(entry!.statusPayload!)).toMatchObject({
      message: "Failed by the sandbox's workflow control",
    });
    // The superseded states were kept, as in a real run.
    expect(wf.historyWorkflow.some((e) => e.retailerId === 12 && e.status === 'failed')).toBe(true);

    const row = failed.find((r) => r.retailerId === 4)!;
    const retrigger = await post<{ message: string }>(sandbox, `${RS}/reTrigger`, {
      setupId,
      stepName: 'analytics',
      clientName: row.clientName,
      clientId: row.clientId,
      retailerId: 4,
      isNewClient: true,
      ismarketshareEnabled: false,
      requestedBy: 'lead@example.com',
    });
    expect(retrigger.status).toBe(200);
    const [moved] = (await rowsOf(sandbox, 'control foods')).filter((r) => r.retailerId === 4);
    expect([moved!.status, moved!.stepName]).toEqual(['NOT_STARTED', 'analytics']);
    // The engine drives the resumed run as any other: to the end, on the runner's clock.
    sandbox.engine.advance({ setupId, retailerId: 4 }, Date.now() + 60_000);
    const [running] = (await rowsOf(sandbox, 'control foods')).filter((r) => r.retailerId === 4);
    expect(running!.status).toBe('STARTED');
  });

  it('runs a failed step to completion with a fast workflow', async () => {
    const fast = await startTestSandbox({ adminPort: 0, stepMs: 20 });
    try {
      const client = await newProspect(fast, 'Quick Foods');
      await post(fast, `${RS}/addSetup`, [await addItem(fast, client, 4)]);
      const [row] = await rowsOf(fast, 'quick foods');
      const res = await fetch(`${fast.adminUrl!}/workflow/fail`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ setupId: row!.setupId, stepName: 'crawling', message: 'Blocked' }),
      });
      expect(res.status).toBe(200);
      expect((await rowsOf(fast, 'quick foods'))[0]).toMatchObject({
        status: 'FAILED',
        stepName: 'crawling',
      });
      await post(fast, `${RS}/reTrigger`, {
        setupId: row!.setupId,
        stepName: 'crawling',
        clientName: row!.clientName,
        clientId: row!.clientId,
        retailerId: 4,
        isNewClient: true,
        ismarketshareEnabled: false,
      });
      await waitFor(
        async () => {
          const [now] = await rowsOf(fast, 'quick foods');
          return now!.status === 'COMPLETED' ? now : undefined;
        },
        20_000,
        'the re-triggered run to complete',
      );
    } finally {
      await fast.close();
    }
  });

  it('answers 404 for an unknown setup or retailer, 400 for an unknown step or a bad body', async () => {
    const setupId = rows[0]!.setupId;
    const unknownSetup = await fail({ setupId: 999_999, stepName: 'sti' });
    expect(unknownSetup).toEqual({ status: 404, body: { message: 'No setup 999999' } });
    const unknownRetailer = await fail({ setupId, retailerId: 99_999, stepName: 'sti' });
    expect(unknownRetailer).toEqual({
      status: 404,
      body: { message: `Setup ${setupId} has no retailer 99999` },
    });
    const unknownStep = await fail({ setupId, stepName: 'teleport' });
    expect(unknownStep.status).toBe(400);
    expect(unknownStep.body.message).toMatch(/^teleport is not a step of this workflow/);
    expect((await fail({ setupId: 'one', stepName: 'sti' })).status).toBe(400);
    expect((await fail({ setupId, stepName: 'sti', extra: true })).status).toBe(400);
    expect((await fail({ setupId })).body.message).toMatch(/stepName/);
    expect((await fail('{ not json')).status).toBe(400);
    // Nothing was changed by the refusals.
    expect((await rowsOf(sandbox, 'control foods')).map((r) => r.stepName)).not.toContain('sti');
  });
});
