import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildPath, OPERATIONS } from '@onboarding/contracts';
import { startFaultStack, type FaultStack } from './support/stack.js';

/** Every query parameter of every operation's example, to be sent twice. */
const REPEATED = OPERATIONS.flatMap((op) =>
  Object.keys(op.example.query ?? {}).map((name) => [`${op.id}: ${name}`, op, name] as const),
);

/**
 * A query parameter given twice is refused, naming it, and nothing goes upstream, whichever
 * operation it is sent to (Express reads it as a list, which no query schema takes). The web
 * tests' stand-in refuses the same requests (apps/web/test/fake-gateway-repeated-query.test.ts).
 */
describe('the gateway refuses a repeated query parameter', () => {
  let s: FaultStack;
  beforeAll(async () => {
    s = await startFaultStack();
  });
  afterAll(async () => {
    await s.close();
  });

  it.each(REPEATED)('%s given twice is a 400 naming it', async (_name, op, name) => {
    const search = new URLSearchParams(op.example.query);
    search.append(name, op.example.query![name]!);
    const url = `${s.gw.url}${buildPath(op.path, op.example.params)}?${search.toString()}`;
    const body = op.method === 'POST' || op.method === 'PUT' ? (op.example.body ?? {}) : undefined;
    const before = s.upstream.requests.length;
    const res = await s.browser.request(op.method, url, body === undefined ? {} : { json: body });
    const error = (res.json as { error?: { issues?: { path: unknown[] }[] } }).error;
    expect({ status: res.status, refusedAt: (error?.issues ?? []).map((i) => i.path) }).toEqual({
      status: 400,
      refusedAt: expect.arrayContaining([['query', name]]),
    });
    const id = res.headers.get('x-request-id');
    expect(
      s.upstream.requests.slice(before).filter((r) => r.headers['x-request-id'] === id),
    ).toEqual([]);
  });
});
