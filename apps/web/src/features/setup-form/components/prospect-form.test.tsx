import { describe, expect, it } from '@jest/globals';
import { categoryAnalyticsOps, remOmniOps } from '@onboarding/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expand } from '../testing/actions';
import { failure, type FakeGateway } from '@test/fake-gateway';
import { renderRoutes } from '@test/render-routes';
import { screenTestHooks } from '@test/screen-hooks';
import { formGateway, ROUTES_UNDER_TEST } from '../testing/scenario';

let gateway: FakeGateway;
screenTestHooks();

function open(path = '/rem_omni/prospect') {
  return renderRoutes(ROUTES_UNDER_TEST, path, gateway);
}

const nameField = () => screen.getByLabelText('Enter Account Name *');
const submitButton = () => screen.getByRole('button', { name: 'Submit Request' });

async function searchNodes(user: UserEvent, text: string) {
  const box = screen.getByLabelText('Search browse nodes');
  await user.clear(box);
  await user.type(box, text);
  await user.click(screen.getByRole('button', { name: 'Search' }));
}

/** Ticks a node in the result tree. */
async function tick(user: UserEvent, name: string) {
  await user.click(await within(screen.getByRole('tree')).findByRole('checkbox', { name }));
}

describe('a new setup for a prospect', () => {
  it('opens with its heading, the US region and Amazon ticked, and Submit Request disabled', async () => {
    gateway = formGateway();
    open();
    expect(
      await screen.findByRole('heading', { name: 'Add New Setup for Prospect' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Fill in the below details to setup the Dashboard'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Select Setup Region *' })).toHaveTextContent('US');
    expect(screen.getByRole('checkbox', { name: 'Amazon' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Walmart' })).not.toBeChecked();
    expect(screen.getByLabelText('Enter Brands list *')).toBeInTheDocument();
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
  });

  it('lets only letters, digits, spaces and hyphens be typed, up to 25 characters', async () => {
    gateway = formGateway();
    const { user } = open();
    await user.type(await screen.findByLabelText('Enter Account Name *'), 'Ré_né@ Ωμέγα-Кофе 42!');
    expect(nameField()).toHaveValue('Réné Ωμέγα-Кофе 42');
    await user.clear(nameField());
    await user.type(nameField(), 'abcdefghij abcdefghij abcdefghij');
    expect(nameField()).toHaveValue('abcdefghij abcdefghij abc');
  });

  it('checks the name on blur: length, then characters, then the server', async () => {
    gateway = formGateway().on(categoryAnalyticsOps.isProspectExists, ({ body }) => [
      { isClientExists: (body as { clientName: string }).clientName === 'globex' },
    ]);
    const { user } = open();
    await user.type(await screen.findByLabelText('Enter Account Name *'), '  ab ');
    await user.tab();
    expect(screen.getByText('Minimum 3 characters required')).toBeInTheDocument();
    expect(nameField()).toHaveValue('ab');

    await user.type(nameField(), 'c9');
    await user.tab();
    expect(screen.getByText('Special characters are not allowed')).toBeInTheDocument();
    expect(gateway.bodiesOf(categoryAnalyticsOps.isProspectExists)).toEqual([]);

    await user.clear(nameField());
    await user.type(nameField(), ' Globex');
    await user.tab();
    expect(await screen.findByText('A customer already exists')).toBeInTheDocument();
    expect(gateway.bodiesOf(categoryAnalyticsOps.isProspectExists)).toEqual([
      { clientName: 'globex' },
    ]);

    await user.type(nameField(), ' Two');
    expect(screen.queryByText('A customer already exists')).not.toBeInTheDocument();
    await user.tab();
    await waitFor(() =>
      expect(gateway.bodiesOf(categoryAnalyticsOps.isProspectExists)).toHaveLength(2),
    );
    expect(screen.queryByText('A customer already exists')).not.toBeInTheDocument();
  });

  it('registers the prospect, then creates one item per retailer and returns to the list', async () => {
    gateway = formGateway();
    const { user, path } = open();
    await user.type(await screen.findByLabelText('Enter Account Name *'), 'Acme Foods');
    await user.tab();
    await user.type(screen.getByLabelText('Enter Brands list *'), 'Acme, Acme Kids ,');
    await user.click(screen.getByRole('checkbox', { name: 'Amazon Fresh' }));

    await searchNodes(user, 'snacks');
    await tick(user, 'R4 Grocery > Snacks 1');
    await expand(user, 'R4 Grocery > Snacks 2');
    await tick(user, 'R4 Grocery > Snacks 2 > Leaf 1');
    expect(screen.getByTestId('node-counter-4')).toHaveTextContent('2 / 50');
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');

    await user.click(screen.getByRole('tab', { name: /^Amazon Fresh/ }));
    await tick(user, 'R31 Grocery > Snacks 3');
    await waitFor(() => expect(submitButton()).toHaveAttribute('aria-disabled', 'false'));

    const panel = screen.getByTestId('selected-nodes-31');
    expect(await within(panel).findByText('R31 Grocery > Snacks 3')).toBeInTheDocument();

    await user.click(submitButton());
    await waitFor(() => expect(path()).toBe('/rem_omni/see_all'));
    expect(await screen.findByText('Setup added successfully')).toBeInTheDocument();
    expect(gateway.bodiesOf(remOmniOps.addClient)).toEqual([
      { clientName: 'acme foods', region: 'US' },
    ]);
    expect(gateway.bodiesOf(remOmniOps.addSetup)).toEqual([
      [
        {
          retailerId: 4,
          browseNodes: [
            { parent_id: 4000, id: 4000 },
            { parent_id: 4010, id: 4011 },
          ],
          nodeDetails: ['tx-4000', 'tx-4011'],
          isNewClient: true,
          clientName: 'acme foods',
          clientId: 9001,
          brands: ['Acme', 'Acme Kids'],
          isMarketShareEnabled: false,
          isScheduled: false,
          schedule: null,
        },
        {
          retailerId: 31,
          browseNodes: [{ parent_id: 31020, id: 31020 }],
          nodeDetails: ['tx-31020'],
          isNewClient: true,
          clientName: 'acme foods',
          clientId: 9001,
          brands: ['Acme', 'Acme Kids'],
          isMarketShareEnabled: true,
          isScheduled: false,
          schedule: null,
        },
      ],
    ]);
  });

  it('creates nothing while a selected retailer has no node', async () => {
    gateway = formGateway();
    const { user } = open();
    await user.type(await screen.findByLabelText('Enter Account Name *'), 'Acme Foods');
    await user.tab();
    await user.type(screen.getByLabelText('Enter Brands list *'), 'Acme');
    await user.click(screen.getByRole('checkbox', { name: 'Walmart' }));
    await searchNodes(user, 'snacks');
    await tick(user, 'R4 Grocery > Snacks 1');
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');

    await user.click(submitButton());
    expect(await screen.findByText('Please provide all required fields')).toBeInTheDocument();
    expect(gateway.bodiesOf(remOmniOps.addClient)).toEqual([]);
    expect(gateway.bodiesOf(remOmniOps.addSetup)).toEqual([]);

    await user.click(screen.getByRole('tab', { name: /^Walmart/ }));
    await tick(user, 'R12 Grocery > Snacks 1');
    expect(screen.queryByText('Please provide all required fields')).not.toBeInTheDocument();
  });

  it('needs brands for a prospect', async () => {
    gateway = formGateway();
    const { user } = open();
    await user.type(await screen.findByLabelText('Enter Account Name *'), 'Acme Foods');
    await searchNodes(user, 'snacks');
    await tick(user, 'R4 Grocery > Snacks 1');
    await user.type(screen.getByLabelText('Enter Brands list *'), ' , ');
    await user.click(submitButton());
    expect(await screen.findByText('Please provide all required fields')).toBeInTheDocument();
    expect(gateway.bodiesOf(remOmniOps.addSetup)).toEqual([]);
  });

  it('does not register a prospect whose name the server already knows', async () => {
    gateway = formGateway().on(categoryAnalyticsOps.isProspectExists, [{ isClientExists: true }]);
    const { user } = open();
    await user.type(await screen.findByLabelText('Enter Account Name *'), 'Globex');
    await user.type(screen.getByLabelText('Enter Brands list *'), 'Globex');
    await searchNodes(user, 'snacks');
    await tick(user, 'R4 Grocery > Snacks 1');
    expect(await screen.findByText('A customer already exists')).toBeInTheDocument();
    await user.click(submitButton());
    expect(gateway.bodiesOf(remOmniOps.addClient)).toEqual([]);
    expect(gateway.bodiesOf(remOmniOps.addSetup)).toEqual([]);
  });

  it('shows the server message on failure, keeps what was typed and registers the prospect once', async () => {
    let attempts = 0;
    gateway = formGateway().on(remOmniOps.addSetup, () =>
      ++attempts === 1 ? failure(409, 'Browse node 4000 is retired') : { message: 'Setup added' },
    );
    const { user, path } = open();
    await user.type(await screen.findByLabelText('Enter Account Name *'), 'Acme Foods');
    await user.type(screen.getByLabelText('Enter Brands list *'), 'Acme');
    await searchNodes(user, 'snacks');
    await tick(user, 'R4 Grocery > Snacks 1');
    await user.click(submitButton());
    expect(await screen.findByText('Browse node 4000 is retired')).toBeInTheDocument();
    expect(path()).toBe('/rem_omni/prospect');
    expect(nameField()).toHaveValue('Acme Foods');
    expect(screen.getByLabelText('Enter Brands list *')).toHaveValue('Acme');
    expect(
      within(screen.getByRole('tree')).getByRole('checkbox', { name: 'R4 Grocery > Snacks 1' }),
    ).toBeChecked();
    expect(gateway.failedCalls()).toEqual([remOmniOps.addSetup.id]);

    await user.click(submitButton());
    await waitFor(() => expect(path()).toBe('/rem_omni/see_all'));
    expect(gateway.bodiesOf(remOmniOps.addClient)).toHaveLength(1);
    expect(gateway.bodiesOf(remOmniOps.addSetup)).toHaveLength(2);
  });

  it('asks before leaving with unsaved changes', async () => {
    gateway = formGateway();
    const { user, path } = open();
    await user.type(await screen.findByLabelText('Enter Account Name *'), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: 'Leave this page?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(path()).toBe('/rem_omni/prospect');
    expect(nameField()).toHaveValue('Acme');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(path()).toBe('/rem_omni/see_all'));
  });

  it('leaves an untouched form without asking', async () => {
    gateway = formGateway();
    const { user, path } = open();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(path()).toBe('/rem_omni/see_all'));
  });
});
