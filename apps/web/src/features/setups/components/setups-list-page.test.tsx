import { describe, expect, it } from '@jest/globals';
import { remOmniOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { envelope } from '@test/fake-gateway';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { setupRows } from '@test/setups';
import { DASHBOARD, signedInGateway } from '@test/signed-in';

screenTestHooks();

const PAGE = setupRows(
  [
    {
      setupId: 11,
      clientName: 'acme foods',
      clientId: 5011,
      retailers: [
        { retailerId: 4, status: 'COMPLETED', stepName: 'sov_wf', ismarketshareEnabled: false },
        { retailerId: 7, status: 'COMPLETED', stepName: 'sov_wf', ismarketshareEnabled: true },
      ],
    },
    {
      setupId: 12,
      clientName: 'globex',
      isNewClient: true,
      retailers: [
        { retailerId: 4, status: 'FAILED', stepName: 'analytics' },
        { retailerId: 9, status: 'IN_PROGRESS', stepName: 'sti' },
      ],
    },
  ],
  45,
);

async function openList(
  path = '/rem_omni/see_all',
  gateway = signedInGateway().on(remOmniOps.allSetup, PAGE),
) {
  const app = renderApp(path, gateway);
  await screen.findByRole('heading', { name: 'Setups', level: 1 });
  return { app, gateway };
}

const table = () => screen.getByRole('table', { name: 'Setups' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);

describe('Setups list', () => {
  it('explains the refresh rules and the ML / CL legend, and offers Add New Setup', async () => {
    await openList();
    expect(screen.getByText('Customer data is refreshed every Monday.')).toBeInTheDocument();
    expect(
      screen.getByText(
        "Prospects (Is New Client = true) are not refreshed automatically. Their refresh is done from the row's actions menu and must be done 24 hours before any meeting.",
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'New setups take 24-48 hours to go live, so they should be created in advance.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('ML - Marketshare Lite')).toBeInTheDocument();
    expect(screen.getByText('CL - Category Leaderboard')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add New Setup' })).toHaveAttribute(
      'href',
      '/rem_omni/select',
    );
  });

  it('shows one row per setup with its retailers, kinds and statuses', async () => {
    const { gateway } = await openList();
    await screen.findByText('acme foods');
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Expand',
      'Sr No.',
      '',
      'Client/Prospect Name',
      'Retailer',
      'is New Client',
      'Actions',
    ]);
    const [first, second] = bodyRows();
    expect(first).toHaveTextContent('1');
    expect(within(first!).getByText('Amazon (CL)')).toBeInTheDocument();
    expect(within(first!).getByText('Walmart (ML)')).toBeInTheDocument();
    expect(within(first!).getAllByText('COMPLETED')).toHaveLength(2);
    expect(within(first!).getByText('false')).toBeInTheDocument();
    expect(within(second!).getByText('FAILED - Analytics')).toBeInTheDocument();
    expect(within(second!).getByText('IN_PROGRESS - STI')).toBeInTheDocument();
    expect(within(second!).getByText('true')).toBeInTheDocument();
    expect(gateway.callsTo(remOmniOps.allSetup)[0]?.body).toEqual({
      searchText: '',
      limit: 20,
      offset: 0,
    });
  });

  it("links a completed setup's client to its dashboard in a new tab, and not an unfinished one", async () => {
    await openList();
    const link = await screen.findByRole('link', { name: 'acme foods' });
    expect(link).toHaveAttribute('href', `${DASHBOARD}/5011/category-leaderboard`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: 'globex' })).not.toBeInTheDocument();
    expect(screen.getByText('globex')).toBeInTheDocument();
  });

  it('searches by client name after a pause, from the first page, and keeps it in the URL', async () => {
    const { app, gateway } = await openList('/rem_omni/see_all?page=2');
    await screen.findByText('acme foods');
    await app.user.type(screen.getByRole('searchbox', { name: 'Search client name' }), 'glob');
    await waitFor(() => expect(app.location()).toBe('/rem_omni/see_all?search=glob'), {
      timeout: 2000,
    });
    await waitFor(() =>
      expect(gateway.callsTo(remOmniOps.allSetup).at(-1)?.body).toEqual({
        searchText: 'glob',
        limit: 20,
        offset: 0,
      }),
    );
    // One request for the typed text, none per keystroke.
    expect(
      gateway
        .callsTo(remOmniOps.allSetup)
        .filter((c) => (c.body as { searchText: string }).searchText !== ''),
    ).toHaveLength(1);
  });

  it('replaces the history entry while searching, while each page chosen is a step of its own', async () => {
    const { app } = await openList('/rem_omni/see_all?page=2');
    await screen.findByText('acme foods');
    const pager = screen.getByRole('navigation', { name: 'Setups pages' });
    await app.user.click(within(pager).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(app.location()).toBe('/rem_omni/see_all?page=3'));
    const search = screen.getByRole('searchbox', { name: 'Search client name' });
    await app.user.type(search, 'glob');
    // The list shows the search once it is back on page 1.
    await waitFor(
      () =>
        expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute(
          'aria-current',
          'page',
        ),
      { timeout: 2000 },
    );
    expect(app.location()).toBe('/rem_omni/see_all?search=glob');
    await app.user.type(search, 'ex');
    await waitFor(() => expect(app.location()).toBe('/rem_omni/see_all?search=globex'), {
      timeout: 2000,
    });
    // The search took the place of page 3; Back goes to the page before it, not to "glob".
    await act(() => app.router.navigate(-1));
    expect(app.location()).toBe('/rem_omni/see_all?page=2');
  });

  it('pages by 20 with Previous, page numbers and Next, numbering rows across pages', async () => {
    const { app, gateway } = await openList();
    await screen.findByText('acme foods');
    const pager = screen.getByRole('navigation', { name: 'Setups pages' });
    expect(within(pager).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(within(pager).queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await app.user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(app.location()).toBe('/rem_omni/see_all?page=2'));
    await waitFor(() =>
      expect(gateway.callsTo(remOmniOps.allSetup).at(-1)?.body).toMatchObject({ offset: 20 }),
    );
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent(/^21/));
    await app.user.click(within(pager).getByRole('button', { name: 'Page 3' }));
    await waitFor(() =>
      expect(gateway.callsTo(remOmniOps.allSetup).at(-1)?.body).toMatchObject({ offset: 40 }),
    );
  });

  it("expands a row to the setup's browse nodes, children marked (sub category)", async () => {
    const { app, gateway } = await openList();
    await app.user.click(await screen.findByRole('button', { name: 'Show details of acme foods' }));
    const nodes = await screen.findByRole('table', { name: 'Browse nodes of acme foods' });
    expect(within(nodes).getByText('Grocery > Snacks')).toBeInTheDocument();
    expect(within(nodes).getByText('(sub category) Grocery > Snacks > Chips')).toBeInTheDocument();
    expect(within(nodes).getByText('16310102')).toBeInTheDocument();
    expect(within(nodes).getByText('Amazon')).toBeInTheDocument();
    expect(gateway.callsTo(remOmniOps.browseNodes)[0]?.query).toEqual({ setupId: '11' });
  });

  it('offers See Details, Edit Setup and Actions/More details from the keyboard', async () => {
    // See Details opens the details screen, whose calls are answered too: the test ends on it.
    const { app } = await openList(
      '/rem_omni/see_all',
      signedInGateway()
        .on(remOmniOps.allSetup, PAGE)
        .on(remOmniOps.setupDetails, fixtures.setupDetails())
        .on(remOmniOps.worflowData, { currentWorkflow: [], historyWorkflow: [] }),
    );
    const opener = await screen.findByRole('button', { name: 'Actions for globex' });
    act(() => opener.focus());
    await app.user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['See Details', 'Edit Setup', 'Actions/More details']);
    expect(within(menu).getByRole('menuitem', { name: 'Edit Setup' })).toHaveAttribute(
      'href',
      '/rem_omni/editSetup/12',
    );
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(app.location()).toBe('/rem_omni/details/12'));
    expect(await screen.findByRole('heading', { name: 'Setup Details', level: 1 })).toBeVisible();
  });

  it('says Something went wrong! when the list cannot be loaded', async () => {
    const { gateway } = await openList(
      '/rem_omni/see_all',
      signedInGateway().on(remOmniOps.allSetup, envelope(502, 'UPSTREAM_ERROR', 'boom')),
    );
    expect(await screen.findByText('Something went wrong!')).toBeInTheDocument();
    expect(gateway.failedCalls()).toEqual([remOmniOps.allSetup.id]);
  });

  it('says so when there are no setups', async () => {
    await openList('/rem_omni/see_all', signedInGateway().on(remOmniOps.allSetup, []));
    expect(await screen.findByText('No records found')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Setups pages' })).not.toBeInTheDocument();
  });
});
