import { describe, expect, it } from '@jest/globals';
import {
  metaOps,
  productRegisterOps,
  remOmniOps,
  viewsOps,
  type FleetSetup,
  type SavedView,
} from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { envelope } from '@test/fake-gateway';
import { fleetListFrom } from '@test/fleet';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { setupRows } from '@test/setups';
import { signedInGateway } from '@test/signed-in';
import { savedView, withSavedViews } from '@test/views';

screenTestHooks();

/** The list's own page (allSetup): one setup no view matches. */
const LIST_PAGE = setupRows([
  { setupId: 900, clientName: 'initech', retailers: [{ retailerId: 4, status: 'COMPLETED' }] },
]);

const failed = (setupId: number): FleetSetup => ({
  setupId,
  clientName: `failed ${setupId}`,
  clientId: 5000 + setupId,
  isNewClient: false,
  rows: [
    {
      retailerId: 4,
      retailerName: 'Amazon',
      status: 'FAILED',
      stepName: 'sti',
      ismarketshareEnabled: false,
    },
  ],
  forecast: null,
});

const FAILED_STI = savedView({
  name: 'Failed at STI',
  filters: { status: ['FAILED'], step: ['sti'] },
});
const PROSPECTS = savedView({ name: 'Prospects', filters: { prospect: true } });

function gatewayWith(views: SavedView[] = [FAILED_STI, PROSPECTS]) {
  const gateway = signedInGateway()
    .on(remOmniOps.allSetup, LIST_PAGE)
    .on(viewsOps.fleetList, fleetListFrom([failed(201), failed(202)]));
  const saved = withSavedViews(gateway, views, (f) => (f.prospect ? 1 : 12));
  return { gateway, saved };
}

async function openList(path: string, gateway = gatewayWith().gateway) {
  const app = renderApp(path, gateway);
  await screen.findByRole('heading', { name: 'Setups', level: 1 });
  return app;
}

const viewsRow = () => screen.findByRole('group', { name: 'Saved views' });
const chip = (name: string | RegExp) => screen.findByRole('button', { name });

describe('Setups list, saved views', () => {
  it('shows each view with its live count, applies its filters on a click and marks it', async () => {
    const app = await openList('/rem_omni/see_all');
    expect(await screen.findByText('initech')).toBeInTheDocument();
    const failedSti = await chip('Failed at STI 12 setups');
    expect(await chip('Prospects 1 setup')).toHaveAttribute('aria-pressed', 'false');
    expect(failedSti).toHaveAttribute('aria-pressed', 'false');

    await app.user.click(failedSti);
    await waitFor(() => expect(app.location()).toBe('/rem_omni/see_all?status=FAILED&step=sti'));
    expect(await screen.findByText('failed 201')).toBeInTheDocument();
    expect(failedSti).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('group', { name: 'Filters' })).toBeInTheDocument();

    // Pressed again, it lets go: the whole list again.
    await app.user.click(failedSti);
    await waitFor(() => expect(app.location()).toBe('/rem_omni/see_all'));
    expect(await screen.findByText('initech')).toBeInTheDocument();
    expect(failedSti).toHaveAttribute('aria-pressed', 'false');
  });

  it('a view is marked while the address carries its filters, and applied with the keyboard', async () => {
    const app = await openList('/rem_omni/see_all?prospect=1');
    expect(await chip(/^Prospects/)).toHaveAttribute('aria-pressed', 'true');
    const failedSti = await chip(/^Failed at STI/);
    act(() => failedSti.focus());
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(app.location()).toBe('/rem_omni/see_all?status=FAILED&step=sti'));
  });

  it('saves the current filters as a view, which then shows marked', async () => {
    const { gateway, saved } = gatewayWith([]);
    const app = await openList('/rem_omni/see_all?status=FAILED&ms=1', gateway);
    await app.user.click(await chip('Save view'));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await app.user.keyboard('Failed ML');
    await app.user.click(within(dialog).getByRole('checkbox', { name: /by default/ }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('View "Failed ML" saved.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(gateway.bodiesOf(viewsOps.create)).toEqual([
      {
        name: 'Failed ML',
        flow: 'rem_omni',
        productId: null,
        filters: { status: ['FAILED'], marketShare: true },
        pinned: true,
      },
    ]);
    expect(await chip('Failed ML 12 setups, default view')).toHaveAttribute('aria-pressed', 'true');
    expect(saved).toHaveLength(1);
  });

  it('a duplicate name is refused at the field, the dialog and the name kept, nothing lost', async () => {
    const { gateway, saved } = gatewayWith();
    const app = await openList('/rem_omni/see_all?status=COMPLETED', gateway);
    await app.user.click(await chip('Save view'));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await app.user.type(name, 'failed AT sti');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription('You already have a view named "failed AT sti".'),
    );
    expect(name).toHaveValue('failed AT sti');
    expect(screen.getByRole('dialog', { name: 'Save view' })).toBeInTheDocument();
    expect(saved.map((v) => v.name)).toEqual(['Failed at STI', 'Prospects']);
    // Typing again clears the error; another name saves.
    await app.user.type(name, ' again');
    expect(name).not.toHaveAccessibleDescription();
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await chip(/^failed AT sti again/)).toHaveAttribute('aria-pressed', 'true');
  });

  it('a name too long or empty is refused at the field before anything is sent', async () => {
    const { gateway } = gatewayWith();
    const app = await openList('/rem_omni/see_all?status=COMPLETED', gateway);
    await app.user.click(await chip('Save view'));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(name).toHaveAccessibleDescription('Name the view');
    await app.user.type(name, 'x'.repeat(61));
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(name).toHaveAccessibleDescription('At most 60 characters');
    expect(gateway.callsTo(viewsOps.create)).toHaveLength(0);
  });

  it('the 51st view is refused at the field with the gateway’s words', async () => {
    const fifty = Array.from({ length: 50 }, (_, i) =>
      savedView({ name: `View ${i}`, filters: { retailer: [i] } }),
    );
    const { gateway, saved } = gatewayWith(fifty);
    const app = await openList('/rem_omni/see_all?status=COMPLETED', gateway);
    await app.user.click(await chip('Save view'));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await app.user.type(name, 'One too many{Enter}');
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(
        'You have 50 views, the most kept: delete one to save another.',
      ),
    );
    expect(saved).toHaveLength(50);
  });

  it('a double-click on Save sends one request', async () => {
    const { gateway } = gatewayWith([]);
    const app = await openList('/rem_omni/see_all?status=COMPLETED', gateway);
    await app.user.click(await chip('Save view'));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Done');
    await app.user.dblClick(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await chip(/^Done/)).toBeInTheDocument();
    expect(gateway.callsTo(viewsOps.create)).toHaveLength(1);
  });

  it('renames a view from its menu', async () => {
    const { gateway, saved } = gatewayWith();
    const app = await openList('/rem_omni/see_all', gateway);
    await app.user.click(await chip('Actions for view Prospects'));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename view' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Prospects');
    await app.user.clear(name);
    await app.user.type(name, 'New prospects{Enter}');
    expect(await chip('New prospects 1 setup')).toBeInTheDocument();
    expect(screen.getByText('View renamed to "New prospects".')).toBeInTheDocument();
    expect(gateway.callsTo(viewsOps.update)[0]).toMatchObject({
      params: { id: PROSPECTS.id },
      body: { name: 'New prospects' },
    });
    expect(saved.map((v) => v.name)).toEqual(['Failed at STI', 'New prospects']);
  });

  it('deletes a view only once asked, and Cancel keeps it', async () => {
    const { gateway, saved } = gatewayWith();
    const app = await openList('/rem_omni/see_all', gateway);
    const del = async () => {
      await app.user.click(await chip('Actions for view Failed at STI'));
      await app.user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
      return screen.findByRole('dialog', { name: 'Delete view?' });
    };
    let dialog = await del();
    expect(dialog).toHaveTextContent('"Failed at STI" is deleted for you in every browser.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(gateway.callsTo(viewsOps.remove)).toHaveLength(0);
    dialog = await del();
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('View "Failed at STI" deleted.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /^Failed at STI/ })).not.toBeInTheDocument(),
    );
    expect(saved.map((v) => v.name)).toEqual(['Prospects']);
  });

  it('pins one view as the flow’s default, which unpins the other', async () => {
    const { gateway, saved } = gatewayWith([{ ...FAILED_STI, pinned: true }, PROSPECTS]);
    const app = await openList('/rem_omni/see_all?prospect=0', gateway);
    expect(await chip('Failed at STI 12 setups, default view')).toBeInTheDocument();
    await app.user.click(await chip('Actions for view Prospects'));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Pin as default' }));
    expect(
      await screen.findByText('"Prospects" is now this list\'s default view.'),
    ).toBeInTheDocument();
    expect(await chip('Prospects 1 setup, default view')).toBeInTheDocument();
    expect(await chip('Failed at STI 12 setups')).toBeInTheDocument();
    expect(saved.map((v) => v.pinned)).toEqual([false, true]);
    await app.user.click(await chip('Actions for view Prospects'));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Unpin default' }));
    expect(await chip('Prospects 1 setup')).toBeInTheDocument();
    expect(gateway.bodiesOf(viewsOps.update)).toEqual([{ pinned: true }, { pinned: false }]);
  });

  it('copies a link to the list with the view’s filters', async () => {
    const app = await openList('/rem_omni/see_all');
    await app.user.click(await chip('Actions for view Failed at STI'));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Copy link' }));
    expect(await screen.findByText('Link to "Failed at STI" copied.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/rem_omni/see_all?status=FAILED&step=sti`,
    );
  });

  it('a session ended elsewhere: Save leads to sign-in, saying so, and back to the list', async () => {
    const { gateway } = gatewayWith([]);
    const app = await openList('/rem_omni/see_all?status=FAILED', gateway);
    await app.user.click(await chip('Save view'));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Failed');
    gateway.fail(viewsOps.create, envelope(401, 'UNAUTHENTICATED', 'Sign in first'));
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your session ended — sign in again')).toBeInTheDocument();
    expect(app.location()).toBe('/login?returnTo=%2Frem_omni%2Fsee_all%3Fstatus%3DFAILED');
  });

  it('says so when the views cannot be read, and the list goes on', async () => {
    const { gateway } = gatewayWith();
    gateway.fail(viewsOps.list);
    const app = await openList('/rem_omni/see_all', gateway);
    expect(await screen.findByText('initech')).toBeInTheDocument();
    expect(
      await within(await viewsRow()).findByText(/Saved views could not be loaded\./),
    ).toBeInTheDocument();
    gateway.heal(viewsOps.list);
    await app.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await chip(/^Failed at STI/)).toBeInTheDocument();
  });
});

describe('Setups list, pinned default view', () => {
  const pinned = () => gatewayWith([PROSPECTS, { ...FAILED_STI, pinned: true }]);

  it('is applied on a bare visit: the address takes its filters in place of the bare one', async () => {
    const { gateway } = pinned();
    const app = await openList('/rem_omni/see_all', gateway);
    await waitFor(() => expect(app.location()).toBe('/rem_omni/see_all?status=FAILED&step=sti'));
    expect(await screen.findByText('failed 201')).toBeInTheDocument();
    expect(await chip(/^Failed at STI/)).toHaveAttribute('aria-pressed', 'true');
    // The list's first call was not held for the views.
    expect(gateway.requests.findIndex((r) => r.op === remOmniOps.allSetup.id)).toBeLessThan(
      gateway.requests.findIndex((r) => r.op === viewsOps.list.id),
    );
    // Replaced, not added: Back leaves the list.
    expect(app.router.state.historyAction).toBe('REPLACE');
  });

  it('is applied once: Clear filters then shows the whole list', async () => {
    const app = await openList('/rem_omni/see_all', pinned().gateway);
    expect(await screen.findByText('failed 201')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('initech')).toBeInTheDocument();
    expect(app.location()).toBe('/rem_omni/see_all');
  });

  it('an address with filters or a search is left as it is', async () => {
    const { gateway } = pinned();
    const app = await openList('/rem_omni/see_all?search=initech', gateway);
    expect(await screen.findByText('initech')).toBeInTheDocument();
    await chip(/^Failed at STI/);
    expect(app.location()).toBe('/rem_omni/see_all?search=initech');
    expect(gateway.callsTo(viewsOps.fleetList)).toHaveLength(0);
  });

  it('without a pinned view, a bare visit shows the whole list', async () => {
    const app = await openList('/rem_omni/see_all');
    expect(await screen.findByText('initech')).toBeInTheDocument();
    await chip(/^Failed at STI/);
    expect(app.location()).toBe('/rem_omni/see_all');
  });

  it('pinned from this list later, it is not applied until the next visit', async () => {
    const app = await openList('/rem_omni/see_all');
    expect(await screen.findByText('initech')).toBeInTheDocument();
    await app.user.click(await chip('Actions for view Prospects'));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Pin as default' }));
    expect(await chip('Prospects 1 setup, default view')).toBeInTheDocument();
    expect(app.location()).toBe('/rem_omni/see_all');
  });
});

describe('A product’s setups list, saved views', () => {
  it('lists and saves the product’s own views', async () => {
    const { gateway } = gatewayWith([
      savedView({ name: 'Product failures', productId: 3, flow: 'meta', pinned: true }),
    ]);
    gateway
      .on(metaOps.allSetup, [])
      .on(metaOps.getRetailers, { data: [] })
      .on(productRegisterOps.productDetails, {
        productDetails: fixtures.product({ productId: 3, productName: 'Digital Shelf' }),
      });
    const app = await openList('/product/3/all_setup', gateway);
    await waitFor(() => expect(app.location()).toBe('/product/3/all_setup?status=FAILED'));
    expect(gateway.callsTo(viewsOps.list)[0]!.query).toEqual({ flow: 'meta', productId: '3' });
    await app.user.click(await chip('Save view'));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Mine{Enter}');
    expect(await chip(/^Mine/)).toBeInTheDocument();
    expect(gateway.bodiesOf(viewsOps.create)[0]).toMatchObject({ flow: 'meta', productId: 3 });
  });
});
