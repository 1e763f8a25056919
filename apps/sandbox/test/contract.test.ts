import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type AnyOperation, buildPath, OPERATIONS } from '@onboarding/contracts';
import { type ExampleRequest, exampleRequest } from '@onboarding/contracts/testing';
import { sandboxPath } from '../src/http/operations.js';
import type { RunningSandbox } from '../src/sandbox.js';
import { call, pickNodes, post, type Row, startTestSandbox } from './support.js';

/** Every operation the sandbox answers: all of the contracts but the gateway's own session calls. */
const UPSTREAM = OPERATIONS.filter((op) => op.service !== 'gateway');

function url(op: AnyOperation, req: ExampleRequest) {
  const path = buildPath(sandboxPath(op), req.params);
  const query = req.query ? `?${new URLSearchParams(req.query).toString()}` : '';
  return path + query;
}

describe('contract: every upstream operation against the running sandbox', () => {
  let sandbox: RunningSandbox;
  /** The contracts' example requests, with ids adapted to the seeded data. */
  const requests = new Map<string, ExampleRequest>();

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    const rows = (
      await post<Row[]>(sandbox, '/customer-setup/rem_omni/allSetup', {
        searchText: '',
        limit: 100,
        offset: 0,
      })
    ).body;
    const failed = rows.find((r) => r.status === 'FAILED' && r.stepName !== 'ncs_client_db_setup')!;
    const completed = rows.find((r) => r.status === 'COMPLETED')!;
    const productRows = (
      await post<Row[]>(sandbox, '/customer-setup/meta/allSetup', {
        searchText: '',
        limit: 100,
        offset: 0,
        productId: 1,
      })
    ).body;
    const productFailed = productRows.find((r) => r.status === 'FAILED')!;
    const productCompleted = productRows.find((r) => r.status === 'COMPLETED')!;
    const { parent, child } = await pickNodes(sandbox, 4);
    const nodes = {
      browseNodes: [{ parent_id: parent.id, id: child.id }],
      nodeDetails: [child.taxonomyId],
    };
    const prospect = { clientName: 'contract foods', clientId: 0, isNewClient: true };

    for (const op of UPSTREAM) {
      const example = structuredClone(exampleRequest(op));
      const body = example.body as Record<string, unknown> & Record<string, unknown>[];
      switch (op.id) {
        case 'rem_omni.reTrigger':
          Object.assign(body, { ...pick(failed), stepName: failed.stepName });
          break;
        case 'rem_omni.refreshData':
          Object.assign(body, pick(completed));
          break;
        case 'meta.reTrigger':
          Object.assign(body, { ...pick(productFailed), stepName: productFailed.stepName });
          break;
        case 'meta.refreshData':
          Object.assign(body, { ...pick(productCompleted), stepName: productCompleted.stepName });
          break;
        case 'rem_omni.addClient':
          body.clientName = prospect.clientName;
          break;
        case 'product_register.updateStep':
          body.stepName = 'crawl_keywords_v2';
          break;
      }
      requests.set(op.id, example);
    }

    function pick(row: Row) {
      return {
        setupId: row.setupId,
        clientName: row.clientName,
        clientId: row.clientId,
        retailerId: row.retailerId,
        isNewClient: row.isNewClient,
      };
    }

    // Operations that need what an earlier one created: filled in as the test goes.
    requests.get('rem_omni.addSetup')!.body = [
      { ...(requests.get('rem_omni.addSetup')!.body as object[])[0], ...nodes, ...prospect },
    ];
    requests.get('meta.addSetup')!.body = {
      productId: 1,
      data: [
        {
          ...(requests.get('meta.addSetup')!.body as { data: object[] }).data[0],
          ...nodes,
          ...prospect,
        },
      ],
    };
    requests.get('rem_omni.updateSetup')!.body = [
      { ...(requests.get('rem_omni.updateSetup')!.body as object[])[0], ...nodes, ...prospect },
    ];
    requests.get('meta.updateSetup')!.body = {
      productId: 1,
      data: [
        {
          ...(requests.get('meta.updateSetup')!.body as { data: object[] }).data[0],
          ...nodes,
          ...prospect,
        },
      ],
    };
    (requests.get('meta.setupDetails')!.body as { setupId: number }).setupId =
      productCompleted.setupId;
    (requests.get('meta.workflowData')!.body as { setupId: number }).setupId =
      productCompleted.setupId;
    requests.get('meta.browseNodes')!.query = { setupId: String(productCompleted.setupId) };
  });

  afterAll(() => sandbox.close());

  it('covers every proxied operation of the contracts', () => {
    expect(UPSTREAM).toHaveLength(46);
    // The rest the gateway answers itself, never an upstream: the session, the fleet snapshot,
    // saved views and the failure watch.
    const ownAreas = new Set(
      OPERATIONS.filter((op) => !UPSTREAM.includes(op)).map((op) => op.area),
    );
    expect([...ownAreas].sort()).toEqual(['fleet', 'session', 'views', 'watch']);
  });

  it('answers every operation with a valid request, in the documented shape', async () => {
    const results: { id: string; status: number; issues?: unknown }[] = [];
    let clientId = 0;
    let setupId = 0;
    let productSetupId = 0;
    for (const op of UPSTREAM) {
      const req = requests.get(op.id)!;
      // Wire the ids created along the way into the calls that need them.
      if (op.id === 'rem_omni.addSetup' || op.id === 'meta.addSetup') {
        const items = Array.isArray(req.body) ? req.body : (req.body as { data: object[] }).data;
        for (const item of items as { clientId: number }[]) item.clientId = clientId;
      }
      if (op.id === 'rem_omni.updateSetup' || op.id === 'meta.updateSetup') {
        const items = Array.isArray(req.body) ? req.body : (req.body as { data: object[] }).data;
        for (const item of items as { clientId: number; setupId: number }[]) {
          item.clientId = clientId;
          item.setupId = op.id === 'meta.updateSetup' ? productSetupId : setupId;
        }
      }
      const res = await call(sandbox, op.method, url(op, req), req.body);
      const checked = op.response.safeParse(res.body);
      results.push({
        id: op.id,
        status: res.status,
        ...(checked.success ? {} : { issues: checked.error.issues, body: res.body }),
      });
      if (op.id === 'rem_omni.addClient') clientId = (res.body as { clientId: number }).clientId;
      if (op.id === 'rem_omni.addSetup') {
        setupId = (
          await post<Row[]>(sandbox, '/customer-setup/rem_omni/allSetup', {
            searchText: 'contract foods',
            limit: 1,
            offset: 0,
          })
        ).body[0]!.setupId;
      }
      if (op.id === 'meta.addSetup') {
        productSetupId = (
          await post<Row[]>(sandbox, '/customer-setup/meta/allSetup', {
            searchText: 'contract foods',
            limit: 1,
            offset: 0,
            productId: 1,
          })
        ).body[0]!.setupId;
      }
    }
    expect(results.filter((r) => r.status !== 200 || r.issues)).toEqual([]);
    expect(results).toHaveLength(UPSTREAM.length);
  });

  it('refuses a bad input to every operation that takes one with a 4xx and a message', async () => {
    const refused: string[] = [];
    for (const op of UPSTREAM) {
      const req = requests.get(op.id)!;
      let bad: ExampleRequest | undefined;
      if (op.params) bad = { ...req, params: { id: '..%2F..' } };
      else if (op.query) bad = { ...req, query: { nope: 'x' } };
      else if (op.body && Array.isArray(req.body)) bad = { ...req, body: { not: 'a list' } };
      else if (op.body) bad = { ...req, body: { ...(req.body as object), unexpectedField: true } };
      if (!bad) continue;
      const res = await call<{ message?: unknown }>(sandbox, op.method, url(op, bad), bad.body);
      expect({ id: op.id, status: res.status }).toEqual({ id: op.id, status: 400 });
      expect(typeof res.body.message).toBe('string');
      refused.push(op.id);
    }
    // Only the two list-everything GETs take no input at all.
    expect(UPSTREAM.length - refused.length).toBe(2);
  });
});
