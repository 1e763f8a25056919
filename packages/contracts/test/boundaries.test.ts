import { describe, expect, it } from '@jest/globals';
import { checkRequest, OPERATIONS } from '../src/index.js';
import { boundaryCases, REQUEST_BOUNDS, schemaBounds } from '../src/testing/index.js';

describe('each bound of the request schemas', () => {
  it.each(OPERATIONS.map((op) => [op.id, op] as const))(
    '%s bounds its fields as the table writes them',
    (id, op) => {
      expect(schemaBounds(op)).toEqual(REQUEST_BOUNDS[id] ?? {});
    },
  );

  it.each(boundaryCases().map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const checked = checkRequest(c.op, c.request, { operator: 'operator@example.com' });
    const refusedAt = checked.ok ? [] : checked.issues.map((i) => i.path);
    if (c.refusedAt) expect(refusedAt).toContainEqual(c.refusedAt);
    else expect(refusedAt).toEqual([]);
  });
});
