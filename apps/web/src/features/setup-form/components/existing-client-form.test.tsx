import { describe, expect, it } from '@jest/globals';
import { categoryAnalyticsOps, remOmniOps } from '@onboarding/contracts';
import { screen, waitFor } from '@testing-library/react';
import { expand, searchNodes, tick } from '../testing/actions';
import type { FakeGateway } from '@test/fake-gateway';
import { renderRoutes } from '@test/render-routes';
import { screenTestHooks } from '@test/screen-hooks';
import { CLIENTS, formGateway, ROUTES_UNDER_TEST } from '../testing/scenario';

let gateway: FakeGateway;
const { expectErrorLogged } = screenTestHooks();

const open = () => renderRoutes(ROUTES_UNDER_TEST, '/rem_omni/client', gateway);
const submitButton = () => screen.getByRole('button', { name: 'Submit Request' });

describe('a new setup for an existing client', () => {
  it('picks the client from the searchable list and creates its setup', async () => {
    gateway = formGateway();
    const { user, path } = open();
    expect(
      await screen.findByRole('heading', { name: 'Add New Setup For Existing Client' }),
    ).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'Select Client *' });
    expect(picker).toHaveAttribute('placeholder', 'Please choose client');
    expect(screen.getByLabelText('Enter Brands list')).toBeInTheDocument();

    await user.type(picker, 'glo');
    expect(await screen.findByRole('option', { name: 'Globex' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Initech' })).toBeNull());
    await user.click(screen.getByRole('option', { name: 'Globex' }));
    await waitFor(() =>
      expect(gateway.bodiesOf(remOmniOps.isClientExists)).toEqual([{ clientName: 'globex' }]),
    );

    await searchNodes(user, 'snacks');
    await expand(user, 'R4 Grocery > Snacks 1');
    await tick(user, 'R4 Grocery > Snacks 1 > Leaf 2');
    await waitFor(() => expect(submitButton()).toHaveAttribute('aria-disabled', 'false'));
    await user.click(submitButton());
    await waitFor(() => expect(path()).toBe('/rem_omni/see_all'));
    expect(gateway.bodiesOf(remOmniOps.addClient)).toEqual([]);
    expect(gateway.bodiesOf(remOmniOps.addSetup)).toEqual([
      [
        {
          retailerId: 4,
          browseNodes: [{ parent_id: 4000, id: 4002 }],
          nodeDetails: ['tx-4002'],
          isNewClient: false,
          clientName: 'globex',
          clientId: 5002,
          brands: [],
          isMarketShareEnabled: false,
          isScheduled: false,
          schedule: null,
        },
      ],
    ]);
  });

  it('shows the loading text while the clients load', async () => {
    let release: () => void = () => undefined;
    gateway = formGateway().on(
      categoryAnalyticsOps.clients,
      () => new Promise((resolve) => (release = () => resolve(CLIENTS))),
    );
    const { user } = open();
    await user.click(await screen.findByRole('combobox', { name: 'Select Client *' }));
    expect(await screen.findByText('Loading Existing Clients')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('option', { name: 'Acme Foods' })).toBeInTheDocument();
  });

  it('blocks a second setup for a client that already has one', async () => {
    gateway = formGateway().on(remOmniOps.isClientExists, ({ body }) => [
      { isClientExists: (body as { clientName: string }).clientName === 'acme foods' },
    ]);
    const { user } = open();
    await user.click(await screen.findByRole('combobox', { name: 'Select Client *' }));
    await user.click(await screen.findByRole('option', { name: 'Acme Foods' }));
    expect(
      await screen.findByText('A customer setup already exists, please edit the existing setup.'),
    ).toBeInTheDocument();
    await searchNodes(user, 'snacks');
    await tick(user, 'R4 Grocery > Snacks 1');
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(submitButton());
    expect(await screen.findByText('Please provide all required fields')).toBeInTheDocument();
    expect(gateway.bodiesOf(remOmniOps.addSetup)).toEqual([]);

    await user.click(screen.getByRole('combobox', { name: 'Select Client *' }));
    await user.click(await screen.findByRole('option', { name: 'Initech' }));
    await waitFor(() =>
      expect(
        screen.queryByText('A customer setup already exists, please edit the existing setup.'),
      ).toBeNull(),
    );
    await waitFor(() => expect(submitButton()).toHaveAttribute('aria-disabled', 'false'));
  });

  it('stays usable when the existence check fails (the failure is only logged)', async () => {
    gateway = formGateway().on(remOmniOps.isClientExists, () => {
      throw new TypeError('network down');
    });
    const { user, path } = open();
    await user.click(await screen.findByRole('combobox', { name: 'Select Client *' }));
    await user.click(await screen.findByRole('option', { name: 'Globex' }));
    await searchNodes(user, 'snacks');
    await tick(user, 'R4 Grocery > Snacks 1');
    await waitFor(() => expect(submitButton()).toHaveAttribute('aria-disabled', 'false'));
    await user.click(submitButton());
    await waitFor(() => expect(path()).toBe('/rem_omni/see_all'));
    expect(gateway.failedCalls()).toEqual([remOmniOps.isClientExists.id]);
    // Once when the client is picked, once more on submit.
    expectErrorLogged(/^Client existence check failed ApiError: Network error$/, 2);
  });
});
