import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SavedView, SavedViews } from '@onboarding/contracts';
import { type Browser, redisCommand, signIn } from '@onboarding/test-support';
import { VERSION_KEY } from '../src/views/redis-operator-store.js';
import { type RedisReplicas, startRedisReplicas } from './support/stack.js';

/** Two gateway processes on one redis-server: one operator's views, whichever process answers. */
describe('saved views in Redis, shared by two gateway processes', () => {
  let replicas: RedisReplicas;
  let browser: Browser;
  // A browser computes Sec-Fetch-Site from the page's origin (a's), whichever process answers.
  const sameOrigin = { 'sec-fetch-site': 'same-origin' };

  beforeAll(async () => {
    replicas = await startRedisReplicas();
    ({ browser } = await signIn(replicas.a.url, 'ada@example.com'));
  }, 60_000);

  afterAll(async () => {
    await replicas?.close();
  });

  const views = async (url: string) =>
    ((await browser.get(`${url}/api/views`, sameOrigin)).json as SavedViews).views;

  it('records the store’s version once in Redis', async () => {
    expect(await redisCommand(replicas.redis.port, 'GET', VERSION_KEY)).toContain('1');
  });

  it('saves a view through one process and finds, renames and deletes it through the other', async () => {
    const { a, b } = replicas;
    const res = await browser.post(
      `${a.url}/api/views`,
      { name: 'Failed at STI', flow: 'rem_omni', productId: null, filters: { step: ['sti'] } },
      sameOrigin,
    );
    expect(res.status).toBe(200);
    const saved = res.json as SavedView;
    expect((await views(b.url)).map((v) => v.id)).toEqual([saved.id]);
    const renamed = await browser.request('PUT', `${b.url}/api/views/${saved.id}`, {
      json: { name: 'STI failures', pinned: true },
      headers: sameOrigin,
    });
    expect(renamed.status).toBe(200);
    expect(await views(a.url)).toEqual([
      expect.objectContaining({ id: saved.id, name: 'STI failures', pinned: true }),
    ]);
    // A duplicate through the other process is refused as well.
    const dup = await browser.post(
      `${a.url}/api/views`,
      { name: 'sti failures', flow: 'rem_omni', productId: null, filters: {} },
      sameOrigin,
    );
    expect(dup.status).toBe(409);
    const del = await browser.request('DELETE', `${a.url}/api/views/${saved.id}`, {
      headers: sameOrigin,
    });
    expect(del.status).toBe(200);
    expect(await views(b.url)).toEqual([]);
  });

  it('keeps a view after signing out, for the same operator in another browser', async () => {
    const { a, b } = replicas;
    await browser.post(
      `${a.url}/api/views`,
      { name: 'Prospects', flow: 'rem_omni', productId: null, filters: { prospect: true } },
      sameOrigin,
    );
    expect((await browser.post(`${a.url}/api/sso/logout`, {}, sameOrigin)).status).toBe(200);
    expect((await browser.get(`${b.url}/api/views`, sameOrigin)).status).toBe(401);
    const { browser: other } = await signIn(a.url, 'ADA@example.com');
    const theirs = (await other.get(`${b.url}/api/views`, sameOrigin)).json as SavedViews;
    expect(theirs.views.map((v) => v.name)).toEqual(['Prospects']);
  });
});
