import { describe, expect, it } from '@jest/globals';
import { remOmniOps } from '@onboarding/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { searchNodes, tick, updateAndConfirm } from '../testing/actions';
import { failure, type FakeGateway } from '@test/fake-gateway';
import { renderRoutes } from '@test/render-routes';
import { screenTestHooks } from '@test/screen-hooks';
import { formGateway, ROUTES_UNDER_TEST, withStoredSetup } from '../testing/scenario';

let gateway: FakeGateway;
screenTestHooks();

const open = () => renderRoutes(ROUTES_UNDER_TEST, '/rem_omni/editSetup/77', gateway);
const updateButton = () => screen.getByRole('button', { name: 'Update Request' });

describe('editing a setup', () => {
  it('opens with the stored client, retailers, brands and nodes', async () => {
    gateway = withStoredSetup(formGateway());
    open();
    expect(await screen.findByRole('heading', { name: 'Edit Setup' })).toBeInTheDocument();
    expect(
      screen.getByText('Fill in the below details to setup the Dashboard'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Client Name')).toHaveValue('acme foods');
    expect(screen.getByLabelText('Client Name')).toHaveAttribute('readonly');
    expect(screen.getByRole('checkbox', { name: 'Amazon' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Amazon' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Amazon Fresh' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Walmart' })).not.toBeChecked();
    expect(screen.getByLabelText('Enter Brands list')).toHaveValue('Acme, Acme Kids');
    const amazon = screen.getByTestId('selected-nodes-4');
    expect(await within(amazon).findByText('R4 Grocery > Snacks 1')).toBeInTheDocument();
    expect(within(amazon).getByText('R4 Grocery > Snacks 1 > Leaf 1')).toBeInTheDocument();
    expect(within(amazon).getByText('sub category')).toBeInTheDocument();
    expect(within(amazon).getByText('2 / 50')).toBeInTheDocument();
    expect(updateButton()).toHaveAttribute('aria-disabled', 'false');
  });

  it('keeps the stored retailers ticked and disabled and says why, while others can be added', async () => {
    gateway = withStoredSetup(formGateway());
    const { user } = open();
    const reason =
      'A retailer already in the setup cannot be removed: an update can add retailers and change their nodes, not remove them.';
    const amazon = await screen.findByRole('checkbox', { name: 'Amazon' });
    expect(amazon).toBeDisabled();
    expect(amazon).toHaveAccessibleDescription(reason);
    expect(screen.getByRole('checkbox', { name: 'Amazon Fresh' })).toHaveAccessibleDescription(
      reason,
    );
    await user.hover(amazon.closest('label')!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);
    const walmart = screen.getByRole('checkbox', { name: 'Walmart' });
    expect(walmart).toBeEnabled();
    expect(walmart).not.toHaveAccessibleDescription(reason);
    await user.click(walmart);
    expect(walmart).toBeChecked();
  });

  it('saves nothing when nothing changed (a new node order does not count)', async () => {
    gateway = withStoredSetup(formGateway());
    const { user, path } = open();
    const handle = await screen.findByRole('button', { name: 'Move R4 Grocery > Snacks 1' });
    act(() => handle.focus());
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await user.click(updateButton());
    expect(await screen.findByText('Not changes has to be saved.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Review changes' })).toBeNull();
    expect(gateway.bodiesOf(remOmniOps.updateSetup)).toEqual([]);
    expect(path()).toBe('/rem_omni/editSetup/77');
  });

  it('sends the changed retailers with the update flags and shows the change in the list', async () => {
    gateway = withStoredSetup(formGateway());
    const { user, path } = open();
    const brands = await screen.findByLabelText('Enter Brands list');
    await user.clear(brands);
    await user.type(brands, 'Acme, Acme Baby');
    await searchNodes(user, 'snacks');
    await tick(user, 'R4 Grocery > Snacks 2');
    await updateAndConfirm(user);
    await waitFor(() => expect(path()).toBe('/rem_omni/see_all'));
    expect(await screen.findByText('Setup updated successfully')).toBeInTheDocument();
    const common = {
      isNewClient: false,
      clientName: 'acme foods',
      clientId: 5001,
      brands: ['Acme', 'Acme Baby'],
      schedule: null,
      setupId: 77,
      isEdit: true,
      isBrandsUpdate: true,
      isScheduleUpdate: false,
      isScheduleRemove: false,
    };
    expect(gateway.bodiesOf(remOmniOps.updateSetup)).toEqual([
      [
        {
          retailerId: 4,
          browseNodes: [
            { parent_id: 4000, id: 4000 },
            { parent_id: 4000, id: 4001 },
            { parent_id: 4010, id: 4010 },
          ],
          nodeDetails: ['tx-4000', 'tx-4001', 'tx-4010'],
          isMarketShareEnabled: false,
          ...common,
        },
        {
          retailerId: 31,
          browseNodes: [{ parent_id: 31000, id: 31000 }],
          nodeDetails: ['tx-31000'],
          isMarketShareEnabled: true,
          ...common,
        },
      ],
    ]);
  });

  it('removes checked nodes with the trash icon and sends only that retailer', async () => {
    gateway = withStoredSetup(formGateway());
    const { user, path } = open();
    const amazon = await screen.findByTestId('selected-nodes-4');
    const trash = within(amazon).getByRole('button', { name: 'Remove checked nodes of Amazon' });
    expect(trash).toBeDisabled();
    await user.click(within(amazon).getByRole('checkbox', { name: /Leaf 1/ }));
    await user.click(trash);
    await waitFor(() =>
      expect(within(amazon).queryByText('R4 Grocery > Snacks 1 > Leaf 1')).toBeNull(),
    );
    expect(within(amazon).getByText('1 / 50')).toBeInTheDocument();
    await updateAndConfirm(user);
    await waitFor(() => expect(path()).toBe('/rem_omni/see_all'));
    const [items] = gateway.bodiesOf(remOmniOps.updateSetup) as [{ retailerId: number }[]];
    expect(items).toEqual([
      expect.objectContaining({
        retailerId: 4,
        browseNodes: [{ parent_id: 4000, id: 4000 }],
        isBrandsUpdate: false,
      }),
    ]);
  });

  it('shows the server message when the update fails and keeps the edits', async () => {
    gateway = withStoredSetup(formGateway()).on(
      remOmniOps.updateSetup,
      failure(422, 'Setup 77 is being refreshed, try later'),
    );
    const { user, path } = open();
    const brands = await screen.findByLabelText('Enter Brands list');
    await user.type(brands, ', Acme Baby');
    await updateAndConfirm(user);
    expect(await screen.findByText('Setup 77 is being refreshed, try later')).toBeInTheDocument();
    expect(path()).toBe('/rem_omni/editSetup/77');
    expect(brands).toHaveValue('Acme, Acme Kids, Acme Baby');
    expect(gateway.failedCalls()).toEqual([remOmniOps.updateSetup.id]);
  });

  it('says so when the setup cannot be loaded', async () => {
    gateway = withStoredSetup(formGateway()).on(
      remOmniOps.setupDetails,
      failure(500, 'database unavailable'),
    );
    open();
    expect(await screen.findByText('Something Went Wrong !!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Request' })).toBeNull();
    expect(gateway.failedCalls()).toEqual([remOmniOps.setupDetails.id]);
  });
});
