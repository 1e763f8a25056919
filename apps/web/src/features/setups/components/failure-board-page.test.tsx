import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  fleetOps,
  MESSAGES,
  metaOps,
  productRegisterOps,
  remOmniOps,
  type FleetFailure,
  type FleetFailures,
  type SetupRow,
} from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { deferred, envelope, failure } from '@test/fake-gateway';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { setupRows } from '@test/setups';
import { signedInGateway } from '@test/signed-in';
import { formatDateTime } from '@/lib/format-date';

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

/**
 * The failed rows as the fleet snapshot lists them, each with its step's message and time, and
 * what a re-trigger sends: setup 3 is a Market Share (ML) one.
 */
function failuresOf(rows: SetupRow[]): FleetFailure[] {
  return rows
    .filter((r) => r.status === 'FAILED')
    .map((r) => ({
      setupId: r.setupId,
      clientName: r.clientName,
      clientId: r.clientId,
      isNewClient: r.isNewClient,
      retailerId: r.retailerId,
      retailerName: null,
      ismarketshareEnabled: r.setupId === 3,
      stepName: r.stepName,
      message: r.setupId <= 4 ? 'STI rejected the taxonomy' : 'Quota exceeded',
      failedAt: at(`1${r.setupId % 10}:00`),
    }));
}

/** The fleet.failures answer: a snapshot taken 12 s ago. */
function snapshot(fields: Partial<FleetFailures> = {}): FleetFailures {
  return fixtures.fleetFailures({
    takenAt: new Date(Date.now() - 12_000).toISOString(),
    ageSeconds: 12,
    steps: ['sti', 'ncs_client_db_setup', 'analytics'],
    failures: failuresOf(allRows()),
    ...fields,
  });
}

/** The snapshot's failures carry what a re-trigger sends: the board reads no list row. */
function board(answer: () => FleetFailures = () => snapshot()) {
  return signedInGateway().on(fleetOps.failures, answer);
}

async function openBoard(gateway = board()) {
  const app = renderApp('/rem_omni/failures', gateway);
  await screen.findByText(/8 failed rows in 8 setups/);
  const section = (name: RegExp) => screen.getByRole('region', { name });
  return { app, gateway, section };
}

describe('failure board', () => {
  it("reads the fleet snapshot's failures and groups them by step, then by failure message", async () => {
    const { app, gateway, section } = await openBoard();
    // One call for the whole flow; no list page and no workflow read from the browser.
    expect(gateway.callsTo(fleetOps.failures).map((r) => r.query)).toEqual([{ flow: 'rem_omni' }]);
    expect(gateway.callsTo(remOmniOps.allSetup)).toHaveLength(0);
    expect(gateway.callsTo(remOmniOps.worflowData)).toHaveLength(0);
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
    // Each retailer with its setup's kind, Market Share (ML) or Category Leaderboard (CL).
    expect(within(rejected).getByRole('row', { name: /client 3/ })).toHaveTextContent(
      'Amazon (ML)',
    );
    expect(within(rejected).getByRole('row', { name: /client 4/ })).toHaveTextContent(
      'Amazon (CL)',
    );
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
    const gateway = board().on(remOmniOps.reTrigger, (req) => {
      const { setupId } = req.body as { setupId: number };
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

  it("sends the snapshot's own row at once, client id and ML flag included, reading no list row", async () => {
    const gateway = board().on(remOmniOps.reTrigger, { message: 'ok' });
    const { app, section } = await openBoard(gateway);
    const sti = section(/^STI$/);
    await app.user.click(within(sti).getByRole('button', { name: 'STI' }));
    await app.user.click(
      within(sti).getByRole('checkbox', { name: 'Select client 3, Amazon (ML)' }),
    );
    // A double-click opens one preview and sends nothing before it is confirmed.
    await app.user.dblClick(screen.getByRole('button', { name: 'Re-trigger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-trigger: 1 row' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(gateway.callsTo(remOmniOps.reTrigger)).toHaveLength(0);
    await app.user.click(within(dialog).getByRole('button', { name: 'Re-trigger 1' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent('1 done · 0 failed'),
    );
    expect(gateway.bodiesOf(remOmniOps.reTrigger)).toEqual([
      {
        setupId: 3,
        stepName: 'sti',
        clientName: 'client 3',
        clientId: 5003,
        retailerId: 4,
        isNewClient: false,
        ismarketshareEnabled: true,
      },
    ]);
    expect(gateway.callsTo(remOmniOps.allSetup)).toHaveLength(0);
  });

  it('shows the gateway refusing a row that is no longer FAILED, and keeps it on the board', async () => {
    const gateway = board().on(remOmniOps.reTrigger, (req) =>
      (req.body as { setupId: number }).setupId === 8
        ? // What the gateway's ReTriggerRule answers once the workflow's step is not FAILED.
          envelope(403, 'FORBIDDEN', MESSAGES.stepNotFailed)
        : { message: 'ok' },
    );
    const { app, section } = await openBoard(gateway);
    for (const step of ['Analytics', 'NCS Client DB Setup'] as const) {
      await app.user.click(
        within(section(new RegExp(`^${step}$`))).getByRole('checkbox', {
          name: `Select all 1 rows of ${step}`,
        }),
      );
    }
    await app.user.click(
      within(section(/^STI$/)).getByRole('checkbox', { name: 'Select all 6 rows of STI' }),
    );
    await app.user.click(screen.getByRole('button', { name: 'Re-trigger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-trigger: 7 rows' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Re-trigger 7' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent('6 done · 1 failed'),
    );
    expect(within(dialog).getByRole('row', { name: /client 8/ })).toHaveTextContent(
      'Failed: Only a failed step can be re-triggered.',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    // The six re-run leave the board until a newer snapshot; the refused one stays.
    expect(await screen.findByText(/2 failed rows in 2 setups/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /^Analytics$/ })).toHaveTextContent('1 failed');
  });

  it('lists rows whose failure carries no message under “No failure message”', async () => {
    const gateway = board(() =>
      snapshot({
        failures: failuresOf(allRows()).map((f) => (f.setupId === 8 ? { ...f, message: null } : f)),
      }),
    );
    const { app, section } = await openBoard(gateway);
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
      .on(fleetOps.failures, snapshot());
    renderApp('/product/3/failures', gateway);
    expect(await screen.findByText(/8 failed rows in 8 setups/)).toBeInTheDocument();
    expect(screen.getByText(/Shelf Insights: every failed retailer row/)).toBeInTheDocument();
    expect(gateway.callsTo(fleetOps.failures).map((r) => r.query)).toEqual([
      { flow: 'meta', productId: '3' },
    ]);
  });
});

describe('failure board, from the fleet snapshot', () => {
  it('says how old the snapshot is', async () => {
    await openBoard();
    expect(screen.getByText(/^Updated 1[2-4] s ago$/)).toBeInTheDocument();
  });

  it("shows the gateway's progress while the first snapshot is read, then the failures", async () => {
    let answer = snapshot({
      state: 'building',
      takenAt: null,
      ageSeconds: null,
      refreshing: true,
      progress: { read: 340, total: 512 },
      failures: [],
    });
    const gateway = board(() => answer);
    const app = renderApp('/rem_omni/failures', gateway);
    expect(
      await screen.findByText('Reading the fleet: read 340 of 512 workflows'),
    ).toBeInTheDocument();
    // Not "no failed rows": nothing is known yet.
    expect(screen.queryByText(/No failed rows/)).toBeNull();
    answer = snapshot();
    await app.user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText(/8 failed rows in 8 setups/)).toBeInTheDocument();
  });

  it("warns that the failures are the last snapshot's when the gateway's refresh failed", async () => {
    const takenAt = '2026-11-20T09:00:00.000Z';
    await openBoard(
      board(() =>
        snapshot({
          state: 'stale',
          takenAt,
          ageSeconds: 600,
          error: { message: 'Upstream timed out', at: '2026-11-20T09:05:00.000Z' },
        }),
      ),
    );
    expect(
      screen.getByText(
        `These failures are as read at ${formatDateTime(takenAt)}: the last refresh failed (Upstream timed out).`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Updated 10 min ago$/)).toBeInTheDocument();
  });

  it('says when no snapshot could be read yet, with the reason, and lists nothing', async () => {
    const gateway = board(() =>
      snapshot({
        state: 'unavailable',
        takenAt: null,
        ageSeconds: null,
        error: { message: 'Upstream refused the list', at: '2026-11-20T09:05:00.000Z' },
        failures: [],
      }),
    );
    renderApp('/rem_omni/failures', gateway);
    expect(
      await screen.findByText(
        'The fleet could not be read yet (Upstream refused the list). The gateway keeps trying.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('No failures to show yet');
    expect(screen.queryByText(/No failed rows/)).toBeNull();
  });

  describe('?step=', () => {
    const scrolled = jest.fn();
    beforeEach(() => {
      Element.prototype.scrollIntoView = scrolled;
    });
    afterEach(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
      scrolled.mockReset();
    });

    it("opens the named step's group, scrolls to it and focuses it", async () => {
      renderApp('/rem_omni/failures?step=analytics', board());
      const toggle = await screen.findByRole('button', { name: 'Analytics' });
      await waitFor(() => expect(toggle).toHaveFocus());
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(scrolled).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('button', { name: 'STI' })).toHaveAttribute('aria-expanded', 'false');
    });

    it('says when the named step has no failed row now', async () => {
      renderApp('/rem_omni/failures?step=crawling', board());
      expect(await screen.findByText('No row fails at Crawling now.')).toBeInTheDocument();
    });
  });

  it('keeps a re-triggered row off the board until a snapshot taken after the re-trigger', async () => {
    let answer = snapshot();
    const gateway = board(() => answer).on(remOmniOps.reTrigger, { message: 'ok' });
    const { app, section } = await openBoard(gateway);
    await app.user.click(
      within(section(/^Analytics$/)).getByRole('checkbox', {
        name: 'Select all 1 rows of Analytics',
      }),
    );
    await app.user.click(screen.getByRole('button', { name: 'Re-trigger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-trigger: 1 row' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Re-trigger 1' }));
    await screen.findByText(/7 failed rows in 7 setups/);
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));

    // The same snapshot again: the row stays off.
    const calls = gateway.callsTo(fleetOps.failures).length;
    await app.user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(gateway.callsTo(fleetOps.failures)).toHaveLength(calls + 1));
    expect(screen.getByText(/7 failed rows in 7 setups/)).toBeInTheDocument();

    // A newer snapshot still has it failed (it failed again): it is back.
    answer = snapshot({ takenAt: new Date(Date.now() + 1000).toISOString(), ageSeconds: 0 });
    await app.user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText(/8 failed rows in 8 setups/)).toBeInTheDocument();
  });
});
