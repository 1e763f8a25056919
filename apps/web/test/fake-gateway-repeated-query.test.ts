import { describe, expect, it } from '@jest/globals';
import { buildPath, OPERATIONS } from '@onboarding/contracts';
import { exampleResponse } from '@onboarding/contracts/testing';
import { FakeGateway } from './fake-gateway';

/** Every query parameter of every operation's example, to be sent twice. */
const REPEATED = OPERATIONS.flatMap((op) =>
  Object.keys(op.example.query ?? {}).map((name) => [`${op.id}: ${name}`, op, name] as const),
);

/**
 * The gateway refuses a query parameter given twice, naming it (apps/gateway/test/
 * repeated-query.e2e-spec.ts sends these requests over HTTP); so does the stand-in, or a screen
 * test could pass on a request the gateway refuses.
 */
describe('the gateway stand-in refuses a repeated query parameter, as the gateway does', () => {
  const gateway = OPERATIONS.reduce((g, op) => g.on(op, exampleResponse(op)), new FakeGateway());

  it.each(REPEATED)('%s given twice is a 400 naming it', async (_name, op, name) => {
    const search = new URLSearchParams(op.example.query);
    search.append(name, op.example.query![name]!);
    const res = await gateway.fetch(
      `${buildPath(op.path, op.example.params)}?${search.toString()}`,
      {
        method: op.method,
        headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
        ...(op.method === 'GET' ? {} : { body: JSON.stringify(op.example.body ?? {}) }),
      },
    );
    const answer = (await res.json()) as { error?: { issues?: { path: unknown[] }[] } };
    expect({
      status: res.status,
      refusedAt: (answer.error?.issues ?? []).map((i) => i.path),
    }).toEqual({
      status: 400,
      refusedAt: expect.arrayContaining([['query', name]]),
    });
  });
});
