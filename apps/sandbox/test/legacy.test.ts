import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MESSAGES, MODULE_IDS } from '@onboarding/contracts';
import type { RunningSandbox } from '../src/sandbox.js';
import { post, startTestSandbox } from './support.js';

const LS = '/customer-setup/customer-setup/customersetup';

interface Legacy {
  setupId: number;
  clientName: string;
  currentStatus: string;
  statusDetails: string | null;
  modules: { id: string; name: string; regions: string[] }[];
  createdBy: string | null;
  updatedBy: string | null;
  updatedat: string;
  totalRecords?: number;
  startDate: string | null;
}

const form = (clientName: string, extra: Record<string, unknown> = {}) => ({
  clientName,
  startDate: '2030-02-01',
  avcDate: '2030-02-10',
  amsDate: null,
  currentStatus: 'onTrack',
  statusDetails: 'Kick-off done',
  expectedSignoffDate: '2030-04-01',
  modules: [
    { id: 'ciqSales', name: 'CIQ Sales', regions: ['US', 'CA'] },
    { id: 'marketInsight', name: 'Market Insights', regions: ['UK'] },
  ],
  ...extra,
});

describe('legacy customer setups (customer-setup/customersetup)', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.close());

  const ongoing = async (searchText = '', limit = 100, offset = 0) =>
    (await post<Legacy[]>(sandbox, `${LS}/ongoing`, { searchText, limit, offset })).body;
  const completed = async () => (await post<Legacy[]>(sandbox, `${LS}/completed`)).body;

  it('lists ongoing setups (never completed ones), paged, with totalRecords and modules with regions', async () => {
    const all = await ongoing();
    expect(all.length).toBeGreaterThanOrEqual(15);
    expect(all.every((s) => s.currentStatus !== 'completed')).toBe(true);
    expect(all[0]!.totalRecords).toBe(all.length);
    expect(
      all.every((s) => s.modules.length > 0 && s.modules.every((m) => m.regions.length > 0)),
    ).toBe(true);
    expect(
      all.every((s) => s.modules.every((m) => (MODULE_IDS as readonly string[]).includes(m.id))),
    ).toBe(true);
    const page2 = await ongoing('', 5, 5);
    expect(page2.map((s) => s.setupId)).toEqual(all.slice(5, 10).map((s) => s.setupId));
    const found = await ongoing('ACORN');
    expect(found.map((s) => s.clientName)).toEqual(['Acorn Valley Foods']);
    expect(found[0]!.totalRecords).toBe(1);
    expect((await post(sandbox, `${LS}/ongoing`, { searchText: '', limit: 20 })).status).toBe(400);
  });

  it('lists completed setups and the status options (one of them completed)', async () => {
    const done = await completed();
    expect(done.length).toBeGreaterThanOrEqual(3);
    expect(done.every((s) => s.currentStatus === 'completed')).toBe(true);
    const statuses = (await post<{ id: string; name: string }[]>(sandbox, `${LS}/status`)).body;
    expect(statuses).toContainEqual({ id: 'completed', name: 'Completed' });
    expect(statuses).toContainEqual({ id: 'onTrack', name: 'On Track' });
    expect((await post(sandbox, `${LS}/status`, { x: 1 })).status).toBe(400);
    expect((await post(sandbox, `${LS}/completed`, [])).status).toBe(400);
  });

  it('adds a setup with its modules and the creator; a name in use is refused', async () => {
    const res = await post<{ message: string }>(sandbox, `${LS}/addNewSetup`, {
      ...form('Initech Labs'),
      createdBy: 'creator@example.com',
    });
    expect(res.status).toBe(200);
    const [created] = await ongoing('initech labs');
    expect(created).toMatchObject({
      clientName: 'Initech Labs',
      currentStatus: 'onTrack',
      createdBy: 'creator@example.com',
      updatedBy: null,
      startDate: '2030-02-01',
    });
    expect(created!.modules).toEqual(form('x').modules);
    const exists = await post<{ isClientExists: boolean }[]>(sandbox, `${LS}/isClientExists`, {
      clientName: 'initech labs',
    });
    expect(exists.body[0]!.isClientExists).toBe(true);

    const dup = await post<{ message: string }>(sandbox, `${LS}/addNewSetup`, form('INITECH LABS'));
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(MESSAGES.legacyClientExists);
  });

  it('takes the creator from X-User-Email when the body has none', async () => {
    await post(sandbox, `${LS}/addNewSetup`, form('Hooli Retail'), 'header.user@example.com');
    const [created] = await ongoing('hooli retail');
    expect(created!.createdBy).toBe('header.user@example.com');
  });

  it('refuses special characters, an unknown status and an unknown module', async () => {
    const special = await post<{ message: string }>(sandbox, `${LS}/addNewSetup`, form('Bad & Co'));
    expect(special.status).toBe(400);
    expect(special.body.message).toContain(MESSAGES.specialCharacters);
    const status = await post<{ message: string }>(
      sandbox,
      `${LS}/addNewSetup`,
      form('Status Co', { currentStatus: 'paused' }),
    );
    expect(status.status).toBe(400);
    expect(status.body.message).toBe('Unknown status paused');
    expect(
      (
        await post(
          sandbox,
          `${LS}/addNewSetup`,
          form('Module Co', { modules: [{ id: 'nope', name: 'x', regions: [] }] }),
        )
      ).status,
    ).toBe(400);
  });

  it('keeps a seeded name the add rule refuses (P&G Home Care): listed, editable and completable', async () => {
    const [stored] = await ongoing('p&g');
    expect(stored).toMatchObject({ clientName: 'P&G Home Care' });
    expect(stored!.currentStatus).not.toBe('completed');
    const again = await post<{ message: string }>(
      sandbox,
      `${LS}/addNewSetup`,
      form('P&G Home Care'),
    );
    expect(again.status).toBe(400);
    expect(again.body.message).toContain(MESSAGES.specialCharacters);

    const edited = await post<{ message: string }>(sandbox, `${LS}/editSetup`, {
      ...form('P&G Home Care', { currentStatus: 'delayed', statusDetails: 'Waiting on the brief' }),
      setupId: stored!.setupId,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe('Setup for P&G Home Care updated');
    const done = await post<{ message: string }>(sandbox, `${LS}/editSetup`, {
      ...form('P&G Home Care', { currentStatus: 'completed' }),
      setupId: stored!.setupId,
    });
    expect(done.body.message).toBe('Setup for P&G Home Care marked as complete');
    expect((await completed()).some((s) => s.clientName === 'P&G Home Care')).toBe(true);
  });

  it('answers one setup, or 404', async () => {
    const [first] = await ongoing();
    const res = await post<Legacy>(sandbox, `${LS}/getSetup`, { setupId: first!.setupId });
    expect(res.body.clientName).toBe(first!.clientName);
    expect(res.body.totalRecords).toBeUndefined();
    expect((await post(sandbox, `${LS}/getSetup`, { setupId: 9999 })).status).toBe(404);
    expect((await post(sandbox, `${LS}/getSetup`, {})).status).toBe(400);
  });

  it('edits a setup (status, details, who and when), keeping its client name', async () => {
    const [setup] = await ongoing('initech labs');
    const res = await post<{ message: string }>(sandbox, `${LS}/editSetup`, {
      ...form('Renamed Labs', { currentStatus: 'delayed', statusDetails: 'Waiting on AMS access' }),
      setupId: setup!.setupId,
      updatedBy: 'editor@example.com',
    });
    expect(res.status).toBe(200);
    const after = (await post<Legacy>(sandbox, `${LS}/getSetup`, { setupId: setup!.setupId })).body;
    expect(after).toMatchObject({
      clientName: 'Initech Labs',
      currentStatus: 'delayed',
      statusDetails: 'Waiting on AMS access',
      updatedBy: 'editor@example.com',
      createdBy: 'creator@example.com',
    });
    expect(Date.parse(after.updatedat)).toBeGreaterThanOrEqual(Date.parse(setup!.updatedat));
  });

  it('marks a setup complete: it leaves the ongoing list, joins the completed one, and can no longer be edited', async () => {
    const [setup] = await ongoing('initech labs');
    const res = await post<{ message: string }>(sandbox, `${LS}/editSetup`, {
      ...form('Initech Labs', { currentStatus: 'completed' }),
      setupId: setup!.setupId,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Setup for Initech Labs marked as complete');
    expect(await ongoing('initech labs')).toEqual([]);
    expect((await completed()).some((s) => s.setupId === setup!.setupId)).toBe(true);
    const again = await post<{ message: string }>(sandbox, `${LS}/editSetup`, {
      ...form('Initech Labs'),
      setupId: setup!.setupId,
    });
    expect(again.status).toBe(409);
    expect((await post(sandbox, `${LS}/editSetup`, { ...form('X'), setupId: 9999 })).status).toBe(
      404,
    );
  });
});
