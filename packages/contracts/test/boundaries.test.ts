import { describe, expect, it } from '@jest/globals';
import { checkRequest, OPERATIONS } from '../src/index.js';
import {
  boundaryCases,
  REQUEST_BOUNDS,
  type RequestCase,
  schemaBounds,
} from '../src/testing/index.js';

describe('each bound of the request schemas', () => {
  it.each(OPERATIONS.map((op) => [op.id, op] as const))(
    '%s bounds its fields as the table writes them',
    (id, op) => {
      expect(schemaBounds(op)).toEqual(REQUEST_BOUNDS[id] ?? {});
    },
  );

  const refusedAt = (c: RequestCase) => {
    const checked = checkRequest(c.op, c.request, { operator: 'operator@example.com' });
    return checked.ok ? [] : checked.issues.map((i) => i.path);
  };
  const cases = boundaryCases();

  it.each(cases.filter((c) => c.refusedAt).map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(refusedAt(c)).toContainEqual(c.refusedAt);
  });

  it.each(cases.filter((c) => !c.refusedAt).map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(refusedAt(c)).toEqual([]);
  });
});
