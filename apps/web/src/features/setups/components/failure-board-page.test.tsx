import { describe, expect, it } from '@jest/globals';
import { metaOps, productRegisterOps, remOmniOps, type SetupRow } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { deferred, failure, type GatewayRequest } from '@test/fake-gateway';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { setupRows } from '@test/setups';
import { signedInGateway } from '@test/signed-in';

screenTestHooks();

const at = (hhmm: string) => `2026-11-20T${hhmm}:00.000Z`;

/** Setups 1–30: 1–6 fail at sti (two reasons), 7 at ncs_client_db_setup, 8 at analytics. */
function allRows(): SetupRow[] {
  return setupRows(
    Array.from({ length: 30 }, (_, i) => {
      const setupId = 30 - i;
      const step =
        setupId <= 6
          ? { status: 'FAILED', stepName: 'sti' }
          : setupId === 7
            ? { status: 'FAILED', stepName: 'ncs_client_db_setup' }
            : setupId === 8
              ? { status: 'FAILED', stepName: 'analytics' }
              : { status: 'COMPLETED', stepName: 'sov_wf' };
      return { setupId, clientName: `client ${setupId}`, retailers: [{ retailerId: 4, ...step }] };
    }),
  );
}

/** allSetup answered page by page, as the upstream pages it (limit and offset count setups). */
function paged(rows: SetupRow[]) {
  return (req: GatewayRequest) => {
    const { limit, offset } = req.body as { limit: number; offset: number };
    const ids = [...new Set(rows.map((r) => r.setupId))].slice(offset, offset + limit);
    return rows.filter((r) => ids.includes(r.setupId));
  };
}

function workflowOf(req: GatewayRequest) {
  const { setupId } = req.body as { setupId: number };
  const step = setupId <= 6 ? 'sti' : setupId === 7 ? 'ncs_client_db_setup' : 'analytics';
  const message = setupId <= 4 ? 'STI rejected the taxonomy' : 'Quota exceeded';
  return fixtures.workflowResponse({
    currentWorkflow: [
      fixtures.workflowEntry({
        stepName: step,
        status: 'failed',
        retailerId: 4,
        updatedat: at(`1${setupId % 10}:00`),
        statusPayload: JSON.stringify({ state: 'ERROR', message }),
      }),
    ],
    historyWorkflow: [],
  });
}

function board() {
  return signedInGateway()
    .on(remOmniOps.allSetup, paged(allRows()))
    .on(remOmniOps.worflowData, workflowOf);
}

async function openBoard(gateway = board()) {
  const app = renderApp('/rem_omni/failures', gateway);
  await screen.findByText(/8 failed rows in 8 setups/);
  const section = (name: RegExp) => screen.getByRole('region', { name });
  return { app, gateway, section };
}

describe('failure board', () => {
  it('reads every page and groups the FAILED rows by step, then by failure message', async () => {
    const { app, gateway, section } = await openBoard();
    // 30 setups read 100 at a time: one call, and one workflow read per failed setup.
    expect(gateway.bodiesOf(remOmniOps.allSetup)).toEqual([
      { searchText: '', limit: 100, offset: 0 },
    ]);
    expect(gateway.callsTo(remOmniOps.worflowData)).toHaveLength(8);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    // Most failures first; equal counts: the newest failure first (analytics failed last).
    expect(headings).toEqual(['STI', 'Analytics', 'NCS Client DB Setup']);
    const sti = section(/^STI$/);
    expect(sti).toHaveTextContent('6 failed');

    await app.user.click(within(sti).getByRole('button', { name: 'STI' }));
    const reasons = within(sti)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(reasons).toEqual(['STI rejected the taxonomy (4)', 'Quota exceeded (2)']);
    const rejected = within(sti).getByRole('region', { name: /STI rejected/ });
    const clients = within(rejected)
      .getAllByRole('link')
      .map((l) => [l.textContent, l.getAttribute('href')]);
    // Newest failure first.
    expect(clients[0]).toEqual(['client 4', '/rem_omni/details/4']);
    expect(clients.map((c) => c[0])).toEqual(['client 4', 'client 3', 'client 2', 'client 1']);
  });

  it('previews a bulk re-trigger with the rows skipped and why', async () => {
    const { app, section } = await openBoard();
    await app.user.click(
      within(section(/^NCS Client DB Setup$/)).getByRole('checkbox', {
        name: 'Select all 1 rows of NCS Client DB Setup',
      }),
    );
    await app.user.click(
      within(section(/^Analytics$/)).getByRole('checkbox', {
        name: 'Select all 1 rows of Analytics',
      }),
    );
    await app.user.click(screen.getByRole('button', { name: 'Re-trigger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-trigger: 1 row' });
    expect(within(dialog).getByRole('table')).toHaveTextContent('client 8');
    expect(within(dialog).getByRole('region', { name: 'Skipped (1)' })).toHaveTextContent(
      'client 7, Amazon (CL): The step NCS Client DB Setup cannot be re-triggered',
    );
  });

  it('re-triggers a group four rows at a time, shows each result, and retries only the failed', async () => {
    const answers = new Map<number, ReturnType<typeof deferred<{ message: string }>>>();
    const gateway = board().on(remOmniOps.reTrigger, (req) => {
      const { setupId } = req.body as { setupId: number };
      const answer = deferred<{ message: string }>();
      answers.set(setupId, answer);
      return answer.promise;
    });
    const { app, section } = await openBoard(gateway);
    await app.user.click(
      within(section(/^STI$/)).getByRole('checkbox', { name: 'Select all 6 rows of STI' }),
    );
    expect(screen.getByText(/6 selected/)).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Re-trigger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-trigger: 6 rows' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Re-trigger 6' }));

    // Rows go newest failure first inside each reason: 4, 3, 2, 1, then 6, 5.
    await waitFor(() => expect(gateway.callsTo(remOmniOps.reTrigger)).toHaveLength(4));
    expect(answers.has(6)).toBe(false);
    answers.get(4)!.resolve({ message: 'Step sti re-triggered' });
    await waitFor(() => expect(gateway.callsTo(remOmniOps.reTrigger)).toHaveLength(5));
    gateway.fail(remOmniOps.reTrigger, failure(409, 'Step is running'));
    for (const id of [3, 2, 1, 6]) answers.get(id)!.resolve({ message: 'ok' });
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent('6 of 6 answered'),
    );
    expect(within(dialog).getByRole('status')).toHaveTextContent('5 done · 1 failed');
    // The answer's step key in the operator's words (issue 31).
    expect(within(dialog).getByRole('row', { name: /client 4/ })).toHaveTextContent(
      'Done: Step STI re-triggered',
    );
    expect(within(dialog).getByRole('row', { name: /client 5/ })).toHaveTextContent(
      'Failed: Step is running',
    );

    gateway.heal(remOmniOps.reTrigger);
    await app.user.click(within(dialog).getByRole('button', { name: 'Retry failed (1)' }));
    await waitFor(() => expect(gateway.callsTo(remOmniOps.reTrigger)).toHaveLength(7));
    answers.get(5)!.resolve({ message: 'ok' });
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent('6 done · 0 failed'),
    );
    const sent = gateway
      .bodiesOf(remOmniOps.reTrigger)
      .map((b) => (b as { setupId: number }).setupId);
    // Each row once, the failed one once more.
    expect(sent.sort()).toEqual([1, 2, 3, 4, 5, 5, 6]);
    expect(gateway.bodiesOf(remOmniOps.reTrigger)[0]).toMatchObject({
      stepName: 'sti',
      retailerId: 4,
      ismarketshareEnabled: false,
    });
  });

  it('keeps the rows sent, with their results, in the dialog while the board reloads', async () => {
    const rows = allRows();
    const gateway = signedInGateway()
      .on(remOmniOps.allSetup, paged(rows))
      .on(remOmniOps.worflowData, workflowOf)
      .on(remOmniOps.reTrigger, (req) => {
        const { setupId } = req.body as { setupId: number };
        const i = rows.findIndex((r) => r.setupId === setupId);
        rows[i] = { ...rows[i]!, status: 'NOT_STARTED' };
        return { message: `Re-triggered setup ${setupId}` };
      });
    const { app, section } = await openBoard(gateway);
    await app.user.click(
      within(section(/^Analytics$/)).getByRole('checkbox', {
        name: 'Select all 1 rows of Analytics',
      }),
    );
    await app.user.click(screen.getByRole('button', { name: 'Re-trigger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-trigger: 1 row' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Re-trigger 1' }));
    // The board reloads without the row; the dialog still lists it with its result.
    await screen.findByText(/7 failed rows in 7 setups/);
    expect(screen.getByRole('dialog', { name: 'Re-trigger: 1 row' })).toBe(dialog);
    expect(within(dialog).getByRole('row', { name: /client 8/ })).toHaveTextContent(
      'Done: Re-triggered setup 8',
    );
  });

  it('lists rows whose workflow could not be read without a message, and says so', async () => {
    const gateway = board().on(remOmniOps.worflowData, (req) =>
      (req.body as { setupId: number }).setupId === 8 ? failure(502, 'down') : workflowOf(req),
    );
    const { app, section } = await openBoard(gateway);
    expect(screen.getByText(/The workflow of 1 setup could not be read/)).toBeInTheDocument();
    const analytics = section(/^Analytics$/);
    await app.user.click(within(analytics).getByRole('button', { name: 'Analytics' }));
    expect(within(analytics).getByRole('heading', { level: 3 })).toHaveTextContent(
      'No failure message (1)',
    );
  });

  it('serves each product’s setups at /product/:id/failures through the meta calls', async () => {
    const gateway = signedInGateway()
      .on(metaOps.getRetailers, { data: [] })
      .on(productRegisterOps.productDetails, {
        productDetails: fixtures.product({ productId: 3, productName: 'Shelf Insights' }),
      })
      .on(metaOps.allSetup, paged(allRows()))
      .on(metaOps.workflowData, workflowOf);
    renderApp('/product/3/failures', gateway);
    expect(await screen.findByText(/8 failed rows in 8 setups/)).toBeInTheDocument();
    expect(screen.getByText(/Shelf Insights: every failed retailer row/)).toBeInTheDocument();
    expect(gateway.bodiesOf(metaOps.allSetup)[0]).toEqual({
      searchText: '',
      limit: 100,
      offset: 0,
      productId: 3,
    });
  });
});
