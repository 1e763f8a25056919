import { describe, expect, it } from '@jest/globals';
import { z } from './zod.js';
import { buildPath, defineOperation, PlainIdSchema, upstreamPath } from './operation.js';

describe('operation declarations', () => {
  const op = defineOperation({
    id: 'llm.getPrompt',
    name: 'getPrompt',
    area: 'llm',
    service: 'llm',
    method: 'GET',
    path: '/api/proxy/llm/prompts/get/:id',
    summary: 'One prompt',
    params: z.strictObject({ id: PlainIdSchema }),
    response: z.unknown(),
    example: { params: { id: '1' } },
  });

  it('strips the service prefix to find the upstream path', () => {
    expect(upstreamPath(op)).toBe('/prompts/get/:id');
  });

  it('encodes path params so an id cannot traverse', () => {
    expect(buildPath(op.path, { id: '../x' })).toBe('/api/proxy/llm/prompts/get/..%2Fx');
  });

  it('rejects ids that are not plain', () => {
    expect(PlainIdSchema.safeParse('../etc').success).toBe(false);
    expect(PlainIdSchema.safeParse('42').success).toBe(true);
  });

  it('refuses a path outside its service prefix', () => {
    expect(() =>
      defineOperation({
        id: 'x.y',
        name: 'y',
        area: 'llm',
        service: 'llm',
        method: 'GET',
        path: '/api/proxy/customer-setup/y',
        summary: 'wrong prefix',
        response: z.unknown(),
        example: {},
      }),
    ).toThrow(/outside/);
  });
});
