import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createSandboxApp } from '../src/app.js';

describe('sandbox', () => {
  it('reports itself healthy', async () => {
    const res = await request(createSandboxApp()).get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });
});
