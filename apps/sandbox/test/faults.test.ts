import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { RunningSandbox } from '../src/sandbox.js';
import { post, startTestSandbox } from './support.js';

const ALL_SETUP = '/customer-setup/rem_omni/allSetup';
const LIST = { searchText: '', limit: 1, offset: 0 };

describe('fault switches', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ adminPort: 0 });
  });
  afterEach(() => sandbox.faults.clear());
  afterAll(() => sandbox.close());

  const admin = (method: string, path: string, body?: unknown) =>
    fetch(sandbox.adminUrl! + path, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });

  it('serves the admin API on its own port, not on the sandbox port', async () => {
    expect(sandbox.adminUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new URL(sandbox.adminUrl!).port).not.toBe(String(sandbox.port));
    expect((await fetch(`${sandbox.url}/faults`)).status).toBe(404);
    const res = await admin('POST', '/faults', {
      path: ALL_SETUP,
      kind: 'status',
      status: 500,
      count: 1,
    });
    expect(res.status).toBe(201);
    const fault = (await res.json()) as { id: string };
    expect(
      ((await (await admin('GET', '/faults')).json()) as { id: string }[]).map((f) => f.id),
    ).toEqual([fault.id]);
    expect((await admin('DELETE', `/faults/${fault.id}`)).status).toBe(204);
    expect((await admin('DELETE', `/faults/${fault.id}`)).status).toBe(404);
    expect((await admin('POST', '/faults', { path: '*', kind: 'explode' })).status).toBe(400);
  });

  it('answers a given error status with a JSON message, for a count of requests only', async () => {
    await admin('POST', '/faults', {
      path: '/customer-setup/rem_omni/*',
      kind: 'status',
      status: 422,
      message: 'Client is locked',
      count: 2,
    });
    for (let i = 0; i < 2; i += 1) {
      const res = await post<{ message: string }>(sandbox, ALL_SETUP, LIST);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: 'Client is locked' });
    }
    expect((await post(sandbox, ALL_SETUP, LIST)).status).toBe(200);
  });

  it('answers an error status without a body, and 503 with Retry-After, until cleared', async () => {
    sandbox.faults.add({ path: ALL_SETUP, kind: 'status', status: 500 });
    const bare = await fetch(sandbox.url + ALL_SETUP, { method: 'POST' });
    expect(bare.status).toBe(500);
    expect(await bare.text()).toBe('');
    sandbox.faults.clear();
    sandbox.faults.add({
      path: '/llm/*',
      kind: 'status',
      status: 503,
      message: 'Maintenance',
      retryAfter: 7,
    });
    for (let i = 0; i < 3; i += 1) {
      const res = await fetch(`${sandbox.url}/llm/prompts/get-all`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('7');
    }
    sandbox.faults.clear();
    expect((await fetch(`${sandbox.url}/llm/prompts/get-all`)).status).toBe(200);
  });

  it('adds latency before answering normally', async () => {
    sandbox.faults.add({ path: ALL_SETUP, kind: 'latency', latencyMs: 300, count: 1 });
    const started = Date.now();
    const res = await post(sandbox, ALL_SETUP, LIST);
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('answers an HTML error page or JSON cut short instead of the contract body', async () => {
    sandbox.faults.add({ path: ALL_SETUP, kind: 'malformed', count: 1 });
    const html = await fetch(sandbox.url + ALL_SETUP, { method: 'POST' });
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    expect(await html.text()).toContain('<h1>502 Bad Gateway</h1>');

    sandbox.faults.add({ path: ALL_SETUP, kind: 'malformed', format: 'truncated-json', count: 1 });
    const cut = await fetch(sandbox.url + ALL_SETUP, { method: 'POST' });
    expect(cut.headers.get('content-type')).toMatch(/application\/json/);
    await expect(cut.json()).rejects.toThrow();
  });

  it('answers wrongly shaped JSON', async () => {
    sandbox.faults.add({ path: ALL_SETUP, kind: 'wrong-shape', count: 1 });
    expect((await post(sandbox, ALL_SETUP, LIST)).body).toEqual({
      unexpected: 'shape',
      data: null,
    });
    sandbox.faults.add({
      path: ALL_SETUP,
      kind: 'wrong-shape',
      body: [{ setupId: 'not a number' }],
      count: 1,
    });
    expect((await post(sandbox, ALL_SETUP, LIST)).body).toEqual([{ setupId: 'not a number' }]);
  });

  it('redirects elsewhere', async () => {
    sandbox.faults.add({
      path: ALL_SETUP,
      kind: 'redirect',
      location: 'http://example.invalid/login',
      count: 1,
    });
    const res = await fetch(sandbox.url + ALL_SETUP, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://example.invalid/login');
  });

  it('answers an oversized (valid JSON) body', async () => {
    sandbox.faults.add({
      path: ALL_SETUP,
      kind: 'oversized',
      sizeBytes: 3 * 1024 * 1024,
      count: 1,
    });
    const res = await fetch(sandbox.url + ALL_SETUP, { method: 'POST' });
    const text = await res.text();
    expect(text.length).toBe(3 * 1024 * 1024);
    expect((JSON.parse(text) as { data: string }).data.length).toBeGreaterThan(3_000_000);
  });

  it('drops the connection without an answer', async () => {
    sandbox.faults.add({ path: ALL_SETUP, kind: 'drop', count: 1 });
    await expect(fetch(sandbox.url + ALL_SETUP, { method: 'POST' })).rejects.toThrow(
      /fetch failed/,
    );
    expect((await post(sandbox, ALL_SETUP, LIST)).status).toBe(200);
  });

  it('applies only to the method and path pattern it names', async () => {
    sandbox.faults.add({ path: '/llm/prompts/get/*', method: 'GET', kind: 'status', status: 500 });
    expect((await fetch(`${sandbox.url}/llm/prompts/get/1`)).status).toBe(500);
    expect((await fetch(`${sandbox.url}/llm/prompts/get-all`)).status).toBe(200);
    expect(
      (await fetch(`${sandbox.url}/llm/prompts/delete/99999`, { method: 'DELETE' })).status,
    ).toBe(404);
    expect(sandbox.faults.list()[0]!.hits).toBe(1);
  });
});
