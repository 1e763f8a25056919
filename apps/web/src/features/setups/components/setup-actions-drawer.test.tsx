import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { remOmniOps } from '@onboarding/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { deferred, envelope } from '@test/fake-gateway';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { setupRows } from '@test/setups';
import { signedInGateway } from '@test/signed-in';

screenTestHooks();

function page() {
  return setupRows([
    {
      setupId: 21,
      clientName: 'initech',
      clientId: 5021,
      retailers: [
        { retailerId: 4, status: 'COMPLETED', stepName: 'sov_wf', ismarketshareEnabled: false },
        { retailerId: 7, status: 'FAILED', stepName: 'analytics', ismarketshareEnabled: true },
        { retailerId: 9, status: 'FAILED', stepName: 'ncs_client_db_setup' },
        { retailerId: 11, retailerName: 'Kroger', status: 'IN_PROGRESS', stepName: 'sti' },
      ],
    },
  ]);
}

async function openDrawer(gateway = signedInGateway().on(remOmniOps.allSetup, page())) {
  const app = renderApp('/rem_omni/see_all', gateway);
  const opener = await screen.findByRole('button', { name: 'Actions for initech' });
  await app.user.click(opener);
  await app.user.click(await screen.findByRole('menuitem', { name: 'Actions/More details' }));
  const drawer = await screen.findByRole('dialog', { name: 'initech' });
  const rowOf = (retailer: string) =>
    within(drawer)
      .getAllByRole('row')
      .find((r) => within(r).queryAllByRole('cell')[0]?.textContent === retailer)!;
  /** Confirms the open confirmation dialog and waits until it has gone. */
  const confirm = async (name: string) => {
    const dialog = await screen.findByRole('dialog', { name });
    await app.user.click(within(dialog).getByRole('button', { name }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name })).not.toBeInTheDocument());
  };
  return { app, gateway, drawer, opener, rowOf, confirm };
}

describe('Actions/More details drawer', () => {
  it('lists each retailer with its step, status and the action it allows', async () => {
    const { drawer, rowOf } = await openDrawer();
    expect(
      within(drawer)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Retailer', 'Is MarketShare Enabled', 'Step', 'Status', 'Action']);
    expect(rowOf('Amazon')).toHaveTextContent('No');
    expect(
      within(rowOf('Amazon')).getByRole('button', { name: 'Refresh Data Amazon' }),
    ).toHaveTextContent('Refresh Data');
    expect(rowOf('Walmart')).toHaveTextContent('Yes');
    expect(
      within(rowOf('Walmart')).getByRole('button', { name: 'Re-trigger Walmart' }),
    ).toHaveTextContent('Re-trigger');
    expect(rowOf('Target')).toHaveTextContent('NCS Client DB Setup');
    expect(within(rowOf('Target')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rowOf('Target')).getByText('--')).toBeInTheDocument();
    expect(within(rowOf('Kroger')).getByText('--')).toBeInTheDocument();
    expect(within(rowOf('Kroger')).getByText('IN_PROGRESS')).toBeInTheDocument();
  });

  it('explains in a tooltip why a row has no action', async () => {
    const { app, rowOf } = await openDrawer();
    await app.user.hover(within(rowOf('Target')).getByText('--'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'The step NCS Client DB Setup cannot be re-triggered',
    );
  });

  it('offers no Re-trigger on a FAILED row that names no step, and says why', async () => {
    const rows = setupRows([
      {
        setupId: 21,
        clientName: 'initech',
        clientId: 5021,
        retailers: [{ retailerId: 7, status: 'FAILED', stepName: null }],
      },
    ]);
    const gateway = signedInGateway().on(remOmniOps.allSetup, rows);
    const { app, rowOf } = await openDrawer(gateway);
    expect(within(rowOf('Walmart')).queryByRole('button')).not.toBeInTheDocument();
    // The step cell shows -- too: the action is the last cell.
    const action = within(rowOf('Walmart')).getAllByRole('cell').at(-1)!;
    await app.user.hover(within(action).getByText('--'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'No failed step is named, so there is nothing to re-trigger',
    );
    expect(gateway.callsTo(remOmniOps.reTrigger)).toEqual([]);
  });

  it('re-triggers a failed step after confirmation, shows the answer and marks the row NOT_STARTED', async () => {
    const gateway = signedInGateway()
      .on(remOmniOps.allSetup, page())
      .on(remOmniOps.reTrigger, { message: 'Step analytics re-triggered' });
    const { app, rowOf } = await openDrawer(gateway);
    const button = within(rowOf('Walmart')).getByRole('button', { name: 'Re-trigger Walmart' });
    await app.user.click(button);
    const confirm = await screen.findByRole('dialog', { name: 'Re-trigger' });
    expect(confirm).toHaveTextContent('Re-trigger the step Analytics for Walmart?');
    await app.user.click(within(confirm).getByRole('button', { name: 'Re-trigger' }));
    // The answer, with the step key it names as the step's label (issue 31).
    expect(await screen.findByText('Step Analytics re-triggered')).toBeInTheDocument();
    expect(screen.queryByText(/analytics/)).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(rowOf('Walmart')).getByText('NOT_STARTED')).toBeInTheDocument(),
    );
    expect(gateway.callsTo(remOmniOps.reTrigger)[0]?.body).toEqual({
      setupId: 21,
      stepName: 'analytics',
      clientName: 'initech',
      clientId: 5021,
      retailerId: 7,
      isNewClient: false,
      ismarketshareEnabled: true,
    });
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const { app, gateway, rowOf } = await openDrawer();
    const button = within(rowOf('Walmart')).getByRole('button', { name: 'Re-trigger Walmart' });
    await app.user.click(button);
    await app.user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(button).toHaveFocus());
    expect(gateway.callsTo(remOmniOps.reTrigger)).toHaveLength(0);
  });

  it('sends one request at a time per row, with a spinner while it runs', async () => {
    const answer = deferred<{ message: string }>();
    const gateway = signedInGateway()
      .on(remOmniOps.allSetup, page())
      .on(remOmniOps.reTrigger, () => answer.promise);
    const { app, rowOf, confirm } = await openDrawer(gateway);
    const button = within(rowOf('Walmart')).getByRole('button', { name: 'Re-trigger Walmart' });
    await app.user.click(button);
    await confirm('Re-trigger');
    expect(button).toHaveFocus();
    expect(
      await within(rowOf('Walmart')).findByRole('progressbar', { name: 'Re-trigger in progress' }),
    ).toBeInTheDocument();
    await app.user.click(button);
    expect(screen.queryByRole('dialog', { name: 'Re-trigger' })).not.toBeInTheDocument();
    // Other rows stay usable meanwhile.
    expect(
      within(rowOf('Amazon')).getByRole('button', { name: 'Refresh Data Amazon' }),
    ).toHaveTextContent('Refresh Data');
    answer.resolve({ message: 'done' });
    await screen.findByText('done');
    expect(gateway.callsTo(remOmniOps.reTrigger)).toHaveLength(1);
  });

  it('refreshes a completed retailer, shows the answer, reloads the list and closes the drawer', async () => {
    const gateway = signedInGateway()
      .on(remOmniOps.allSetup, page())
      .on(remOmniOps.refreshData, { message: 'Refresh started for Amazon' });
    const { app, opener, rowOf } = await openDrawer(gateway);
    const listLoads = gateway.callsTo(remOmniOps.allSetup).length;
    await app.user.click(
      within(rowOf('Amazon')).getByRole('button', { name: 'Refresh Data Amazon' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Refresh Data' });
    expect(confirm).toHaveTextContent('Amazon');
    expect(confirm).toHaveTextContent('Share of Voice WF');
    await app.user.click(within(confirm).getByRole('button', { name: 'Refresh Data' }));
    expect(await screen.findByText('Refresh started for Amazon')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'initech' })).not.toBeInTheDocument(),
    );
    await waitFor(() =>
      expect(gateway.callsTo(remOmniOps.allSetup).length).toBeGreaterThan(listLoads),
    );
    await waitFor(() => expect(opener).toHaveFocus());
    expect(gateway.callsTo(remOmniOps.refreshData)[0]?.body).toEqual({
      setupId: 21,
      clientName: 'initech',
      clientId: 5021,
      retailerId: 4,
      isNewClient: false,
      isMarketShareEnabled: false,
    });
  });

  it('says Oops..Something went wrong! when the action fails, and leaves the row as it was', async () => {
    const gateway = signedInGateway()
      .on(remOmniOps.allSetup, page())
      .on(remOmniOps.reTrigger, envelope(502, 'UPSTREAM_ERROR', 'upstream down'));
    const { app, rowOf, confirm } = await openDrawer(gateway);
    await app.user.click(
      within(rowOf('Walmart')).getByRole('button', { name: 'Re-trigger Walmart' }),
    );
    await confirm('Re-trigger');
    expect(await screen.findByText('Oops..Something went wrong!')).toBeInTheDocument();
    expect(within(rowOf('Walmart')).getByText('FAILED')).toBeInTheDocument();
    expect(gateway.failedCalls()).toEqual([remOmniOps.reTrigger.id]);
  });

  it('returns focus to the row menu button when closed', async () => {
    const { app, opener } = await openDrawer();
    await app.user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'initech' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(opener).toHaveFocus());
  });
});

describe('Actions/More details drawer, live', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('refreshes its rows every 10 s while a step runs, and stops once all are done', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    let status = 'IN_PROGRESS';
    const rows = () =>
      setupRows([
        {
          setupId: 21,
          clientName: 'initech',
          retailers: [{ retailerId: 4, status, stepName: 'sti' }],
        },
      ]);
    const gateway = signedInGateway().on(remOmniOps.allSetup, () => rows());
    const app = renderApp('/rem_omni/see_all', gateway);
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    await user.click(await screen.findByRole('button', { name: 'Actions for initech' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Actions/More details' }));
    const drawer = await screen.findByRole('dialog', { name: 'initech' });
    const loads = () => gateway.callsTo(remOmniOps.allSetup).length;
    const before = loads();

    await act(() => jest.advanceTimersByTimeAsync(10_100));
    expect(loads()).toBe(before + 1);
    expect(within(drawer).getByTestId('updated-ago')).toHaveTextContent(/Updated \d+ s ago/);

    status = 'COMPLETED';
    await act(() => jest.advanceTimersByTimeAsync(10_000));
    expect(loads()).toBe(before + 2);
    expect(within(drawer).getByRole('button', { name: 'Refresh Data Amazon' })).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(30_000));
    expect(loads()).toBe(before + 2);
    app.unmount();
  });
});
