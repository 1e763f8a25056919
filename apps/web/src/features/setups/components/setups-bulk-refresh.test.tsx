import { describe, expect, it } from '@jest/globals';
import { metaOps, productRegisterOps, remOmniOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { deferred, failure, type GatewayRequest } from '@test/fake-gateway';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { acmeAndGlobex } from '@test/setups';
import { signedInGateway } from '@test/signed-in';

screenTestHooks();

/** acme foods: two COMPLETED rows; globex: FAILED and running; clients 13–16: COMPLETED. */
const PAGE = acmeAndGlobex([13, 14, 15, 16], 45);

async function openList(gateway = signedInGateway().on(remOmniOps.allSetup, PAGE)) {
  const app = renderApp('/rem_omni/see_all', gateway);
  await screen.findByText('client 16');
  const box = (name: string) => screen.getByRole('checkbox', { name });
  const toolbar = () => screen.getByRole('region', { name: 'List actions' });
  return { app, gateway, box, toolbar };
}

const keyOf = (req: GatewayRequest) => {
  const { setupId, retailerId } = req.body as { setupId: number; retailerId: number };
  return `${setupId}:${retailerId}`;
};

describe('Setups list, bulk Refresh Data', () => {
  it('ticks a retailer row, a whole setup or the whole page, and counts what is ticked', async () => {
    const { app, box, toolbar } = await openList();
    expect(within(toolbar()).getByText('0 selected on this page')).toBeInTheDocument();
    expect(within(toolbar()).getByRole('button', { name: 'Refresh Data' })).toBeDisabled();

    await app.user.click(box('Select acme foods, Amazon (CL)'));
    expect(within(toolbar()).getByText('1 selected on this page')).toBeInTheDocument();
    expect(box('Select all retailers of acme foods')).toBePartiallyChecked();
    await app.user.click(box('Select all retailers of acme foods'));
    expect(box('Select all retailers of acme foods')).toBeChecked();
    expect(box('Select acme foods, Walmart (ML)')).toBeChecked();
    expect(within(toolbar()).getByText('2 selected on this page')).toBeInTheDocument();
    expect(box('Select all setups on this page')).toBePartiallyChecked();

    await app.user.click(box('Select all setups on this page'));
    expect(within(toolbar()).getByText('8 selected on this page')).toBeInTheDocument();
    expect(box('Select globex, Target (ML)')).toBeChecked();
    await app.user.click(within(toolbar()).getByRole('button', { name: 'Clear selection' }));
    expect(within(toolbar()).getByText('0 selected on this page')).toBeInTheDocument();
    expect(box('Select all setups on this page')).not.toBeChecked();
  });

  it('previews the ticked rows, skipping those not COMPLETED with the reason; Cancel sends nothing', async () => {
    const { app, gateway, box, toolbar } = await openList();
    await app.user.click(box('Select acme foods, Walmart (ML)'));
    await app.user.click(box('Select all retailers of globex'));
    await app.user.click(within(toolbar()).getByRole('button', { name: 'Refresh Data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refresh Data: 1 row' });
    const toSend = within(dialog).getByRole('table', { name: 'Rows to refresh data' });
    expect(within(toSend).getAllByRole('row')).toHaveLength(2);
    expect(within(toSend).getByRole('row', { name: /acme foods/ })).toHaveTextContent(
      'Walmart (ML)',
    );
    const skipped = within(dialog).getByRole('region', { name: 'Skipped (2)' });
    expect(
      within(skipped)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'globex, Amazon (CL): Not COMPLETED (now FAILED)',
      'globex, Target (ML): Not COMPLETED (now IN_PROGRESS)',
    ]);

    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(gateway.callsTo(remOmniOps.refreshData)).toEqual([]);
    // Cancelled, the ticks stay to be adjusted.
    expect(within(toolbar()).getByText('3 selected on this page')).toBeInTheDocument();
  });

  it('refreshes four rows at a time, shows each result, retries only the failed, and reloads the list', async () => {
    const answers = new Map<string, ReturnType<typeof deferred<{ message: string }>>>();
    const gateway = signedInGateway()
      .on(remOmniOps.allSetup, PAGE)
      .on(remOmniOps.refreshData, (req) => {
        const answer = deferred<{ message: string }>();
        answers.set(keyOf(req), answer);
        return answer.promise;
      });
    const { app, box, toolbar } = await openList(gateway);
    await app.user.click(box('Select all setups on this page'));
    await app.user.click(within(toolbar()).getByRole('button', { name: 'Refresh Data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refresh Data: 6 rows' });
    expect(within(dialog).getByRole('region', { name: 'Skipped (2)' })).toBeInTheDocument();
    const listLoads = gateway.callsTo(remOmniOps.allSetup).length;
    await app.user.click(within(dialog).getByRole('button', { name: 'Refresh Data 6' }));

    await waitFor(() => expect(gateway.callsTo(remOmniOps.refreshData)).toHaveLength(4));
    expect([...answers.keys()]).toEqual(['11:4', '11:7', '13:4', '14:4']);
    expect(within(dialog).getByRole('row', { name: /client 15/ })).toHaveTextContent('Waiting');
    answers.get('11:4')!.resolve({ message: 'Data refresh started for setup 11 on Amazon' });
    await waitFor(() => expect(gateway.callsTo(remOmniOps.refreshData)).toHaveLength(5));
    gateway.fail(remOmniOps.refreshData, failure(409, 'Only a completed setup can be refreshed'));
    answers.get('11:7')!.resolve({ message: 'ok' });
    await waitFor(() => expect(gateway.callsTo(remOmniOps.refreshData)).toHaveLength(6));
    for (const key of ['13:4', '14:4', '15:4']) answers.get(key)!.resolve({ message: 'ok' });
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent('6 of 6 answered'),
    );
    expect(within(dialog).getByRole('status')).toHaveTextContent('5 done · 1 failed');
    expect(within(dialog).getByRole('row', { name: /acme foods Amazon \(CL\)/ })).toHaveTextContent(
      'Done: Data refresh started for setup 11 on Amazon',
    );
    expect(within(dialog).getByRole('row', { name: /client 16/ })).toHaveTextContent(
      'Failed: Only a completed setup can be refreshed',
    );
    // The list reloads once every row has answered.
    await waitFor(() =>
      expect(gateway.callsTo(remOmniOps.allSetup).length).toBeGreaterThan(listLoads),
    );

    gateway.heal(remOmniOps.refreshData);
    await app.user.click(within(dialog).getByRole('button', { name: 'Retry failed (1)' }));
    await waitFor(() => expect(gateway.callsTo(remOmniOps.refreshData)).toHaveLength(7));
    answers.get('16:4')!.resolve({ message: 'ok' });
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent('6 done · 0 failed'),
    );
    const sent = gateway.callsTo(remOmniOps.refreshData).map(keyOf);
    expect(sent.sort()).toEqual(['11:4', '11:7', '13:4', '14:4', '15:4', '16:4', '16:4']);
    expect(gateway.bodiesOf(remOmniOps.refreshData)[1]).toEqual({
      setupId: 11,
      clientName: 'acme foods',
      clientId: 5011,
      retailerId: 7,
      isNewClient: false,
      isMarketShareEnabled: true,
    });

    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(toolbar()).getByText('0 selected on this page')).toBeInTheDocument();
  });

  it('clears the selection when the page changes, and says that it does', async () => {
    const { app, box, toolbar } = await openList();
    expect(
      within(toolbar()).getByText('Changing the page or the search clears the selection.'),
    ).toBeInTheDocument();
    await app.user.click(box('Select all retailers of acme foods'));
    expect(within(toolbar()).getByText('2 selected on this page')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Setups pages' });
    await app.user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(app.location()).toBe('/rem_omni/see_all?page=2'));
    expect(await within(toolbar()).findByText('0 selected on this page')).toBeInTheDocument();
    await app.user.click(within(pager).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(app.location()).toBe('/rem_omni/see_all'));
    await waitFor(() => expect(box('Select all retailers of acme foods')).not.toBeChecked());
  });

  it('leads to the failure board of the Category Leaderboard setups', async () => {
    const { toolbar } = await openList();
    expect(within(toolbar()).getByRole('link', { name: 'Failures' })).toHaveAttribute(
      'href',
      '/rem_omni/failures',
    );
  });

  it("refreshes a product's ticked rows with its productId, and leads to its failure board", async () => {
    const gateway = signedInGateway()
      .on(metaOps.getRetailers, { data: [] })
      .on(productRegisterOps.productDetails, {
        productDetails: fixtures.product({ productId: 3, productName: 'Digital Shelf' }),
      })
      .on(metaOps.allSetup, PAGE)
      .on(metaOps.refreshData, { message: 'Refresh started' });
    const app = renderApp('/product/3/all_setup', gateway);
    await screen.findByText('client 16');
    const toolbar = screen.getByRole('region', { name: 'List actions' });
    expect(within(toolbar).getByRole('link', { name: 'Failures' })).toHaveAttribute(
      'href',
      '/product/3/failures',
    );
    await app.user.click(
      screen.getByRole('checkbox', { name: 'Select all retailers of client 13' }),
    );
    await app.user.click(within(toolbar).getByRole('button', { name: 'Refresh Data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refresh Data: 1 row' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Refresh Data 1' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('row', { name: /client 13/ })).toHaveTextContent(
        'Done: Refresh started',
      ),
    );
    expect(gateway.bodiesOf(metaOps.refreshData)).toEqual([
      {
        setupId: 13,
        clientName: 'client 13',
        clientId: 5013,
        retailerId: 4,
        isNewClient: false,
        stepName: 'sov_wf',
        productId: 3,
      },
    ]);
  });
});
