import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildPath, OPERATIONS } from '@onboarding/contracts';
import { type RequestCase, requestCases } from '@onboarding/contracts/testing';
import { sandboxPath } from '../src/http/operations.js';
import type { RunningSandbox } from '../src/sandbox.js';
import { call, startTestSandbox } from './support.js';

/**
 * The sandbox refuses exactly what the gateway refuses: the contracts' shared request cases,
 * sent over HTTP. A refusal by the contract is a 400 with `issues`; any other answer (a 404 for
 * an id the seed lacks, a business 400 without issues) means the request passed the contract.
 */
const CASES = requestCases(OPERATIONS.filter((op) => op.service !== 'gateway'));

describe('the sandbox checks requests as the gateway does', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.close());

  async function send({ op, request }: RequestCase) {
    const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
    const url = buildPath(sandboxPath(op), request.params) + query;
    const body = op.method === 'GET' ? undefined : (request.body ?? {});
    return call<{ issues?: { path: unknown[] }[] }>(sandbox, op.method, url, body);
  }

  async function refusedAt(c: RequestCase) {
    const res = await send(c);
    return res.status === 400 ? (res.body.issues ?? []).map((i) => i.path) : [];
  }

  it.each(CASES.filter((c) => c.refusedAt).map((c) => [c.name, c] as const))(
    '%s',
    async (_name, c) => {
      expect(await refusedAt(c)).toContainEqual(c.refusedAt);
    },
  );

  it.each(CASES.filter((c) => !c.refusedAt).map((c) => [c.name, c] as const))(
    '%s',
    async (_name, c) => {
      expect(await refusedAt(c)).toEqual([]);
    },
  );
});
