import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { z } from '../src/core/zod.js';
import {
  API_ROUTES,
  llmOps,
  remOmniOps,
  OPERATIONS,
  PROXY_OPERATIONS,
  SERVICE_PREFIX,
  operationById,
  upstreamPath,
} from '../src/index.js';
import {
  exampleRequest,
  exampleResponse,
  operationsWithoutExamples,
} from '../src/testing/index.js';

const SPEC_CALLS: Record<string, number> = {
  session: 2,
  rem_omni: 12,
  categoryanalytics: 2,
  meta: 10,
  product_register: 9,
  llm: 6,
  customersetup: 7,
};

describe('the operation registry', () => {
  it('holds the 48 calls of docs/requirements.md#calls plus the gateway logout, the five fleet reads, the six watch calls and the six views calls', () => {
    expect(OPERATIONS).toHaveLength(66);
    const perArea: Record<string, number> = {};
    for (const op of OPERATIONS) perArea[op.area] = (perArea[op.area] ?? 0) + 1;
    expect(perArea).toEqual({
      ...SPEC_CALLS,
      session: SPEC_CALLS.session! + 1,
      fleet: 5,
      watch: 6,
      views: 6,
    });
    expect(operationById('session.logout')?.path).toBe('/api/sso/logout');
  });

  it('gives every operation a unique id and a unique method + path', () => {
    expect(new Set(OPERATIONS.map((op) => op.id)).size).toBe(OPERATIONS.length);
    expect(new Set(OPERATIONS.map((op) => `${op.method} ${op.path}`)).size).toBe(OPERATIONS.length);
  });

  it('derives each id and name from its key, and its path from the area prefix', () => {
    expect(remOmniOps.allSetup).toMatchObject({
      id: 'rem_omni.allSetup',
      name: 'allSetup',
      area: 'rem_omni',
      path: '/api/proxy/customer-setup/rem_omni/allSetup',
    });
    expect(llmOps.getAll.path).toBe('/api/proxy/llm/prompts/get-all');
    for (const op of OPERATIONS) expect(op.id).toBe(`${op.area}.${op.name}`);
  });

  it('takes every method and path from the route table, which lists nothing else', () => {
    const routes = Object.entries(API_ROUTES).flatMap(([area, byName]) =>
      Object.entries(byName).map(([name, route]) => ({ id: `${area}.${name}`, ...route })),
    );
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(routes.sort(byId)).toEqual(
      OPERATIONS.map(({ id, method, path }) => ({ id, method, path })).sort(byId),
    );
  });

  it('keeps the route table free of imports, so the web app loads it without Zod', () => {
    const source = readFileSync(new URL('../src/routes.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^\s*(import|export [^;]* from)\b/m);
    expect(source).not.toMatch(/\bimport\(/);
  });

  it("keeps the upstream's own spellings and repeated segments", () => {
    expect(operationById('rem_omni.worflowData')?.path).toBe(
      '/api/proxy/customer-setup/rem_omni/worflowData',
    );
    expect(operationById('meta.workflowData')?.path).toBe(
      '/api/proxy/customer-setup/meta/workflowData',
    );
    expect(upstreamPath(operationById('customersetup.ongoing')!)).toBe(
      '/customer-setup/customersetup/ongoing',
    );
    expect(upstreamPath(operationById('llm.delete')!)).toBe('/prompts/delete/:id');
  });

  it('answers the session, fleet, watch and views calls at the gateway and proxies everything else under its service prefix', () => {
    const atGateway = (op: (typeof OPERATIONS)[number]) =>
      ['session', 'fleet', 'watch', 'views'].includes(op.area);
    const id = (op: (typeof OPERATIONS)[number]) => op.id;
    expect(OPERATIONS.filter((op) => atGateway(op) && op.service !== 'gateway').map(id)).toEqual(
      [],
    );
    expect(
      OPERATIONS.filter(
        (op) =>
          !atGateway(op) &&
          !op.path.startsWith(SERVICE_PREFIX[op.service as 'llm' | 'customer-setup']),
      ).map(id),
    ).toEqual([]);
    expect(PROXY_OPERATIONS).toHaveLength(46);
  });

  it('uses GET only for reads and marks no write idempotent', () => {
    const id = (op: (typeof OPERATIONS)[number]) => op.id;
    expect(OPERATIONS.filter((op) => op.method === 'GET' && op.body !== undefined).map(id)).toEqual(
      [],
    );
    expect(OPERATIONS.filter((op) => op.identity?.length && op.idempotent).map(id)).toEqual([]);
  });

  it('declares identity fields as optional top-level fields of an object body', () => {
    for (const op of OPERATIONS.filter((o) => o.identity?.length)) {
      const shape = (op.body as z.ZodMiniObject).shape as Record<string, z.ZodMiniType>;
      for (const field of op.identity!)
        expect(shape[field]?.safeParse(undefined).success).toBe(true);
    }
  });

  it('stamps identity fields on the legacy writes and on re-trigger and refresh', () => {
    const stamped = OPERATIONS.filter((op) => op.identity?.length).map(
      (op) => `${op.id}:${op.identity!.join(',')}`,
    );
    expect(stamped.sort()).toEqual(
      [
        'customersetup.addNewSetup:createdBy',
        'customersetup.editSetup:updatedBy',
        'meta.reTrigger:requestedBy',
        'meta.refreshData:requestedBy',
        'rem_omni.reTrigger:requestedBy',
        'rem_omni.refreshData:requestedBy',
      ].sort(),
    );
  });
});

describe('every operation with its examples', () => {
  it('has an example response', () => {
    expect(operationsWithoutExamples()).toEqual([]);
  });

  it.each(OPERATIONS.map((op) => [op.id, op] as const))(
    '%s accepts its example request and response',
    (_id, op) => {
      const example = exampleRequest(op);
      // What each declared part of the request says about the example's (none undeclared).
      const issues = (schema: z.ZodMiniType | undefined, value: unknown) =>
        schema ? (schema.safeParse(value).error?.issues ?? []) : [];
      expect({
        body: issues(op.body, example.body),
        query: issues(op.query, example.query),
        params: issues(op.params, example.params),
      }).toEqual({ body: [], query: [], params: [] });
      const parsed = op.response.safeParse(exampleResponse(op));
      expect(parsed.error?.issues ?? []).toEqual([]);
    },
  );
});

describe('request schemas refuse bad shapes', () => {
  const bodies = OPERATIONS.filter((op) => op.body && !(op.body instanceof z.ZodMiniOptional));

  it.each(bodies.map((op) => [op.id, op] as const))(
    '%s rejects unknown and __proto__ keys',
    (_id, op) => {
      const example = exampleRequest(op).body;
      const withExtra = Array.isArray(example)
        ? [{ ...(example[0] as object), injected: 1 }]
        : { ...(example as object), injected: 1 };
      expect(op.body!.safeParse(withExtra).success).toBe(false);
      const proto = JSON.parse('{"__proto__": {"polluted": true}}') as unknown;
      const withProto = Array.isArray(example)
        ? [proto]
        : { ...(example as object), ...(proto as object) };
      expect(op.body!.safeParse(withProto).success).toBe(false);
    },
  );

  it('rejects wrong types with the path of the field', () => {
    const op = operationById('rem_omni.allSetup')!;
    const result = op.body!.safeParse({ searchText: '', limit: 'twenty', offset: 0 });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(['limit']);
  });

  it('rejects missing fields', () => {
    const op = operationById('rem_omni.setupDetails')!;
    expect(op.body!.safeParse({}).success).toBe(false);
  });

  it('rejects oversized strings and lists', () => {
    const search = operationById('rem_omni.searchBrowseNodes')!;
    const body = exampleRequest(search).body as Record<string, unknown>;
    expect(search.body!.safeParse({ ...body, searchText: 'x'.repeat(201) }).success).toBe(false);
    const add = operationById('rem_omni.addSetup')!;
    const item = (exampleRequest(add).body as unknown[])[0];
    expect(add.body!.safeParse(Array.from({ length: 51 }, () => item)).success).toBe(false);
  });

  it('rejects path ids that are not plain ids', () => {
    const op = operationById('llm.get')!;
    for (const id of ['../etc/passwd', '1/2', '%2e%2e', '', 'a b']) {
      expect(op.params!.safeParse({ id }).success).toBe(false);
    }
    expect(op.params!.safeParse({ id: '42' }).success).toBe(true);
  });

  it('rejects query ids that are not positive integers', () => {
    const op = operationById('rem_omni.browseNodes')!;
    expect(op.query!.safeParse({ setupId: '1 OR 1=1' }).success).toBe(false);
    expect(op.query!.safeParse({ setupId: '12' }).data).toEqual({ setupId: 12 });
  });

  it('refuses more than 50 browse nodes for one retailer with the spec message', () => {
    const op = operationById('rem_omni.addSetup')!;
    const item = (exampleRequest(op).body as Record<string, unknown>[])[0]!;
    const nodes = Array.from({ length: 51 }, (_, i) => ({ parent_id: 1, id: i + 1 }));
    const result = op.body!.safeParse([{ ...item, browseNodes: nodes }]);
    expect(result.error!.issues.map((i) => i.message)).toContain(
      'Maximum 50 browse nodes are allowed',
    );
  });
});

describe('response schemas', () => {
  it('accept extra fields and drop them, but require the documented ones with their types', () => {
    const op = operationById('rem_omni.allSetup')!;
    const row = (exampleResponse(op) as Record<string, unknown>[])[0]!;
    const parsed = op.response.safeParse([{ ...row, somethingNew: 'x' }]);
    expect(parsed.success).toBe(true);
    expect((parsed.data as Record<string, unknown>[])[0]).not.toHaveProperty('somethingNew');
    const { setupId: _drop, ...withoutId } = row;
    expect(op.response.safeParse([withoutId]).success).toBe(false);
    expect(op.response.safeParse([{ ...row, isNewClient: 'yes' }]).success).toBe(false);
  });

  it('pass other setup statuses through as received', () => {
    const op = operationById('rem_omni.allSetup')!;
    const row = (exampleResponse(op) as Record<string, unknown>[])[0]!;
    expect(op.response.safeParse([{ ...row, status: 'IN_PROGRESS' }]).success).toBe(true);
  });
});
