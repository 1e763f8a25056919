import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { COMMON_CLIENT_ID } from '@onboarding/contracts';
import type { RunningSandbox } from '../src/sandbox.js';
import { call, startTestSandbox } from './support.js';

const P = '/llm/prompts';

interface Prompt {
  prompt_id: number;
  client_id: number;
  client: string;
  prompt: string;
  business_context: string | null;
  metadata: { name: string; variables: Record<string, string> };
  created_at: string;
  updated_at: string;
}

describe('LLM prompt service', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.close());

  const all = async () => (await call<Prompt[]>(sandbox, 'GET', `${P}/get-all`)).body;

  it('lists prompts with {{variables}} for Common and several clients', async () => {
    const prompts = await all();
    expect(prompts.length).toBeGreaterThanOrEqual(8);
    expect(prompts.some((p) => p.client_id === COMMON_CLIENT_ID && p.client === 'Common')).toBe(
      true,
    );
    expect(new Set(prompts.map((p) => p.client_id)).size).toBeGreaterThanOrEqual(4);
    for (const p of prompts) {
      const vars = [...p.prompt.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
      expect(vars.length).toBeGreaterThan(0);
      expect(Object.keys(p.metadata.variables).sort()).toEqual([...new Set(vars)].sort());
    }
  });

  it('lists the clients a prompt can belong to, Common (1) first', async () => {
    const res = await call<{ client_id: number; client: string }[]>(
      sandbox,
      'GET',
      `${P}/get-all-clients`,
    );
    expect(res.body[0]).toEqual({ client_id: 1, client: 'Common' });
    expect(res.body.length).toBeGreaterThanOrEqual(4);
  });

  it('answers one prompt, 404 for an unknown id, 400 for an id that is not plain', async () => {
    const [first] = await all();
    const res = await call<Prompt>(sandbox, 'GET', `${P}/get/${first!.prompt_id}`);
    expect(res.body).toEqual(first);
    const missing = await call<{ message: string }>(sandbox, 'GET', `${P}/get/424242`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Prompt 424242 does not exist');
    expect((await call(sandbox, 'GET', `${P}/get/abc`)).status).toBe(404);
    expect((await call(sandbox, 'GET', `${P}/get/a.b`)).status).toBe(400);
  });

  it('adds a prompt with timestamps; a new client is registered under its name', async () => {
    const res = await call<{ message: string }>(sandbox, 'POST', `${P}/add`, {
      clientId: 1019,
      clientName: 'Atlas Fitness Gear',
      prompt: 'Compare {{brand}} with {{competitor}}.',
      businessContext: 'Quarterly review',
      metadata: {
        name: 'Brand vs competitor',
        variables: { brand: 'Forge Fit', competitor: 'Iron Co' },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Prompt Brand vs competitor added');
    const added = (await all()).at(-1)!;
    expect(added).toMatchObject({
      client_id: 1019,
      client: 'Atlas Fitness Gear',
      business_context: 'Quarterly review',
      metadata: {
        name: 'Brand vs competitor',
        variables: { brand: 'Forge Fit', competitor: 'Iron Co' },
      },
    });
    expect(added.created_at).toBe(added.updated_at);
    expect(Math.abs(Date.parse(added.created_at) - Date.now())).toBeLessThan(60_000);
    const clients = (await call<{ client: string }[]>(sandbox, 'GET', `${P}/get-all-clients`)).body;
    expect(clients.some((c) => c.client === 'Atlas Fitness Gear')).toBe(true);
    const bad = await call<{ message: string }>(sandbox, 'POST', `${P}/add`, {
      clientId: 1,
      clientName: 'Common',
      prompt: '',
      metadata: { name: 'x', variables: {} },
    });
    expect(bad.status).toBe(400);
  });

  it('updates a prompt: text, context and metadata change, created_at stays, updated_at moves', async () => {
    const before = (await all()).at(-1)!;
    await new Promise((r) => setTimeout(r, 5));
    const res = await call(sandbox, 'PUT', `${P}/update`, {
      promptId: before.prompt_id,
      newPrompt: 'Compare {{brand}} in {{month}}.',
      newBusinessContext: '',
      metadata: { name: 'Brand by month', variables: { brand: 'Forge Fit', month: 'May' } },
    });
    expect(res.status).toBe(200);
    const after = (await call<Prompt>(sandbox, 'GET', `${P}/get/${before.prompt_id}`)).body;
    expect(after).toMatchObject({
      prompt: 'Compare {{brand}} in {{month}}.',
      business_context: null,
      metadata: { name: 'Brand by month', variables: { brand: 'Forge Fit', month: 'May' } },
      created_at: before.created_at,
    });
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
    expect(
      (
        await call(sandbox, 'PUT', `${P}/update`, {
          promptId: 99999,
          newPrompt: 'x',
          metadata: { name: 'x', variables: {} },
        })
      ).status,
    ).toBe(404);
    expect((await call(sandbox, 'PUT', `${P}/update`, { promptId: before.prompt_id })).status).toBe(
      400,
    );
  });

  it('deletes a prompt; it is gone afterwards', async () => {
    const victim = (await all()).at(-1)!;
    const res = await call<{ message: string }>(
      sandbox,
      'DELETE',
      `${P}/delete/${victim.prompt_id}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Prompt Brand by month deleted');
    expect((await call(sandbox, 'GET', `${P}/get/${victim.prompt_id}`)).status).toBe(404);
    expect((await call(sandbox, 'DELETE', `${P}/delete/${victim.prompt_id}`)).status).toBe(404);
    expect((await call(sandbox, 'DELETE', `${P}/delete/x.y`)).status).toBe(400);
  });
});
