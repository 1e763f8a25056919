import { describe, expect, it } from '@jest/globals';
import { categoryAnalyticsOps, metaOps, remOmniOps } from '@onboarding/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { searchNodes, tick } from '../testing/actions';
import type { FakeGateway } from '@test/fake-gateway';
import { renderRoutes } from '@test/render-routes';
import { screenTestHooks } from '@test/screen-hooks';
import { formGateway, ROUTES_UNDER_TEST } from '../testing/scenario';

let gateway: FakeGateway;
const { expectErrorLogged } = screenTestHooks();

const open = (path = '/rem_omni/prospect') => renderRoutes(ROUTES_UNDER_TEST, path, gateway);

async function typeName(user: UserEvent, name: string) {
  const field = await screen.findByLabelText('Enter Account Name *');
  await user.clear(field);
  await user.type(field, name);
}

/** The warning's live region (its text is what screen readers announce). */
const status = () => screen.getByRole('status');

/** Once `count` is announced, each similar customer as "name (kind)". */
async function similar(count: string): Promise<string[]> {
  await waitFor(() => expect(status()).toHaveTextContent(count));
  const list = screen.getByRole('list', { name: count });
  return within(list)
    .getAllByRole('listitem')
    .map((li) => {
      const name = li.querySelector('[id]')?.textContent ?? '';
      const kind = within(li).getByText(/^(client|prospect)$/).textContent ?? '';
      return `${name} (${kind})`;
    });
}

const noneShown = () =>
  waitFor(() => {
    expect(status()).toHaveTextContent('');
    expect(screen.queryByRole('list')).toBeNull();
  });

describe('similar customers while a prospect name is typed', () => {
  it('treats case, spaces, punctuation and company suffixes as the same name', async () => {
    gateway = formGateway();
    const { user } = open();
    await typeName(user, 'ACME-foods   LLC');
    // The same name first, then a prospect one letter away.
    expect(await similar('2 similar customers')).toEqual([
      'Acme Foods (client)',
      'acme food (prospect)',
    ]);
    const use = screen.getByRole('button', { name: 'use existing client' });
    expect(use).toHaveAccessibleDescription('Acme Foods');

    await typeName(user, 'Juniper Skin');
    expect(await similar('1 similar customer')).toEqual(['juniper skin co (prospect)']);
    // The setups list was read once, every page, for the prospects.
    expect(gateway.bodiesOf(remOmniOps.allSetup)).toEqual([
      { searchText: '', limit: 100, offset: 0 },
    ]);
  });

  it('counts a one-letter typo as similar and shows nothing for an unrelated name', async () => {
    gateway = formGateway();
    const { user } = open();
    await typeName(user, 'Initeck');
    expect(await similar('1 similar customer')).toEqual(['Initech (client)']);
    await typeName(user, 'Zebra Logistics');
    await noneShown();
  });

  it('needs four letters before a name that merely starts the same is shown', async () => {
    gateway = formGateway();
    const { user } = open();
    await typeName(user, 'Glob');
    expect(await similar('1 similar customer')).toEqual(['Globex (client)']);
    await user.type(screen.getByLabelText('Enter Account Name *'), '{Backspace}');
    await noneShown();
  });

  it('switches to the existing-client form with the client picked, keeping what was entered', async () => {
    gateway = formGateway();
    const { user, location } = open();
    await typeName(user, 'Globex Inc');
    await user.type(screen.getByLabelText('Enter Brands list *'), 'Gx');
    await user.click(screen.getByRole('checkbox', { name: 'Walmart' }));
    await searchNodes(user, 'snacks');
    await tick(user, 'R4 Grocery > Snacks 1');
    await similar('1 similar customer');
    await user.click(screen.getByRole('button', { name: 'use existing client' }));

    expect(
      await screen.findByRole('heading', { name: 'Add New Setup For Existing Client' }),
    ).toBeInTheDocument();
    expect(location()).toBe('/rem_omni/client?clientId=5002');
    expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Select Client *' })).toHaveValue('Globex');
    await waitFor(() =>
      expect(gateway.bodiesOf(remOmniOps.isClientExists)).toEqual([{ clientName: 'globex' }]),
    );
    expect(screen.getByLabelText('Enter Brands list')).toHaveValue('Gx');
    expect(screen.getByRole('checkbox', { name: 'Walmart' })).toBeChecked();
    expect(
      within(screen.getByTestId('selected-nodes-4')).getByText('R4 Grocery > Snacks 1'),
    ).toBeInTheDocument();
    expect(gateway.bodiesOf(remOmniOps.addClient)).toEqual([]);
  });

  it('opens the per-product existing-client form of the same product', async () => {
    gateway = formGateway();
    const { user, location } = open('/product/3/setup_type/prospect');
    await typeName(user, 'initech co');
    await similar('1 similar customer');
    await user.click(screen.getByRole('button', { name: 'use existing client' }));
    await waitFor(() => expect(location()).toBe('/product/3/setup_type/client?clientId=5003'));
    expect(await screen.findByRole('combobox', { name: 'Select Client *' })).toHaveValue('Initech');
    await waitFor(() =>
      expect(gateway.bodiesOf(metaOps.isClientExists)).toEqual([
        { clientName: 'initech', productId: 3 },
      ]),
    );
    expect(gateway.bodiesOf(metaOps.allSetup)).toEqual([
      { searchText: '', limit: 100, offset: 0, productId: 3 },
    ]);
  });

  it('links a similar prospect to its setups in the list', async () => {
    gateway = formGateway();
    const { user, location } = open();
    await typeName(user, 'Fable Kid');
    await similar('1 similar customer');
    const link = screen.getByRole('link', { name: 'Open its setups' });
    expect(link).toHaveAttribute('href', '/rem_omni/see_all?search=fable+kids');
    expect(link).toHaveAccessibleDescription('fable kids');
    expect(screen.queryByRole('button', { name: 'use existing client' })).toBeNull();
    await user.click(link);
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('The setups list')).toBeInTheDocument();
    expect(location()).toBe('/rem_omni/see_all?search=fable+kids');
  });

  it('stays usable when the clients cannot be loaded: the prospects still show', async () => {
    gateway = formGateway().fail(categoryAnalyticsOps.clients);
    expectErrorLogged(/Loading existing clients for similar names failed/);
    const { user } = open();
    await typeName(user, 'Fable Kid');
    expect(await similar('1 similar customer')).toEqual(['fable kids (prospect)']);
    await typeName(user, 'Initech');
    await noneShown();
    await user.tab();
    await waitFor(() =>
      expect(gateway.bodiesOf(categoryAnalyticsOps.isProspectExists)).toEqual([
        { clientName: 'initech' },
      ]),
    );
    await user.type(screen.getByLabelText('Enter Brands list *'), 'Initech');
    await searchNodes(user, 'snacks');
    await tick(user, 'R4 Grocery > Snacks 1');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Submit Request' })).toHaveAttribute(
        'aria-disabled',
        'false',
      ),
    );
  });

  it('stays usable when the setups list cannot be read: the clients still show', async () => {
    gateway = formGateway().fail(remOmniOps.allSetup);
    expectErrorLogged(/Loading prospects for similar names failed/);
    const { user } = open();
    await typeName(user, 'Acme Foods');
    expect(await similar('1 similar customer')).toEqual(['Acme Foods (client)']);
    await waitFor(() => expect(gateway.failedCalls()).toEqual([remOmniOps.allSetup.id]));
  });
});
