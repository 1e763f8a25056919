import { describe, expect, it } from '@jest/globals';
import { checkRequest, legacyOps, llmOps, remOmniOps } from '../src/index.js';
import { type RequestCase, requestCases } from '../src/testing/index.js';

describe('the one request check', () => {
  const check = (c: RequestCase) =>
    checkRequest(c.op, c.request, { operator: 'operator@example.com' });
  const cases = requestCases();

  it.each(cases.filter((c) => !c.refusedAt).map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const checked = check(c);
    expect(checked.ok ? [] : checked.issues).toEqual([]);
  });

  it.each(cases.filter((c) => c.refusedAt).map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const checked = check(c);
    expect(checked.ok).toBe(false);
    expect(checked.ok ? [] : checked.issues.map((i) => i.path)).toContainEqual(c.refusedAt);
  });

  it("writes the operator into the identity fields, whatever the body's own value", () => {
    const body = { ...(legacyOps.addNewSetup.example.body as object), createdBy: 42 };
    const stamped = checkRequest(legacyOps.addNewSetup, { body }, { operator: 'op@example.com' });
    expect(stamped.ok && stamped.request.body).toMatchObject({ createdBy: 'op@example.com' });
    expect(checkRequest(legacyOps.addNewSetup, { body }).ok).toBe(false);
  });

  it('reports the issues of every part at once, each under its part', () => {
    const checked = checkRequest(remOmniOps.browseNodes, {
      query: { setupId: 'x' },
      body: { undeclared: 1 },
    });
    expect(checked.ok ? [] : checked.issues.map((i) => i.path[0])).toEqual(['query', 'body']);
  });

  it('refuses a body on a call that takes none (GET, DELETE)', () => {
    expect(checkRequest(llmOps.getAll, { body: { id: 1 } })).toEqual({
      ok: false,
      issues: [{ path: ['body'], message: 'This call takes no body' }],
    });
    expect(checkRequest(llmOps.delete, { params: { id: '1' }, body: { all: true } }).ok).toBe(
      false,
    );
    expect(checkRequest(llmOps.delete, { params: { id: '1' }, body: {} }).ok).toBe(true);
  });
});
