import { describe, expect, it } from '@jest/globals';
import { remOmniOps } from '@onboarding/contracts';
import { act, screen, within } from '@testing-library/react';
import { expand, resultTree, searchNodes, tick } from '../testing/actions';
import { failure, type FakeGateway } from '@test/fake-gateway';
import { renderRoutes } from '@test/render-routes';
import { screenTestHooks } from '@test/screen-hooks';
import { formGateway, ROUTES_UNDER_TEST, searchAnswer } from '../testing/scenario';

let gateway: FakeGateway;
const { expectErrorLogged } = screenTestHooks();

const open = () => renderRoutes(ROUTES_UNDER_TEST, '/rem_omni/prospect', gateway);

describe('the browse-node picker', () => {
  it('searches the active retailer with the fixed paging, and loads more pages on demand', async () => {
    gateway = formGateway().on(remOmniOps.searchBrowseNodes, searchAnswer({ 4: 45 }));
    const { user } = open();
    const search = await screen.findByRole('button', { name: 'Search' });
    expect(search).toBeDisabled();
    await user.type(screen.getByLabelText('Search browse nodes'), '   ');
    expect(search).toBeDisabled();
    await searchNodes(user, 'snacks');
    expect(await screen.findByText('Showing 20 of 45 results for “snacks”')).toBeInTheDocument();
    expect(gateway.bodiesOf(remOmniOps.searchBrowseNodes)).toEqual([
      { searchText: 'snacks', page: 1, limit: 20, order: 'asc', retailerId: 4, nodeType: 'BSR' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Load more results' }));
    expect(await screen.findByText('Showing 40 of 45 results for “snacks”')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more results' }));
    expect(await screen.findByText('Showing 45 of 45 results for “snacks”')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more results' })).toBeNull();
    expect(
      gateway.bodiesOf(remOmniOps.searchBrowseNodes).map((b) => (b as { page: number }).page),
    ).toEqual([1, 2, 3]);
  });

  it('shows the results collapsed; a result or all of them can be opened', async () => {
    gateway = formGateway();
    const { user } = open();
    await searchNodes(user, 'snacks');
    const tree = resultTree();
    expect(
      await within(tree).findByRole('checkbox', { name: 'R4 Grocery > Snacks 1' }),
    ).toBeInTheDocument();
    expect(
      within(tree).queryByRole('checkbox', { name: 'R4 Grocery > Snacks 1 > Leaf 1' }),
    ).toBeNull();
    await expand(user, 'R4 Grocery > Snacks 1');
    expect(
      within(resultTree()).getByRole('checkbox', { name: 'R4 Grocery > Snacks 1 > Leaf 1' }),
    ).toBeInTheDocument();
    expect(
      within(resultTree()).queryByRole('checkbox', { name: 'R4 Grocery > Snacks 2 > Leaf 1' }),
    ).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(within(resultTree()).getAllByRole('treeitem')).toHaveLength(9);
    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(within(resultTree()).getAllByRole('treeitem')).toHaveLength(3);
  });

  it('searches on Enter without submitting the form', async () => {
    gateway = formGateway();
    const { user, path } = open();
    await user.type(await screen.findByLabelText('Search browse nodes'), 'snacks{Enter}');
    expect(
      await within(resultTree()).findByRole('checkbox', { name: 'R4 Grocery > Snacks 1' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Please provide all required fields')).toBeNull();
    expect(path()).toBe('/rem_omni/prospect');
  });

  it('gives each selected retailer its own tab and results for the same search', async () => {
    gateway = formGateway();
    const { user } = open();
    await user.click(await screen.findByRole('checkbox', { name: 'Walmart' }));
    await searchNodes(user, 'snacks');
    await tick(user, 'R4 Grocery > Snacks 1');
    expect(screen.getByRole('tab', { name: 'Amazon' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Walmart' }));
    expect(
      await within(resultTree()).findByRole('checkbox', { name: 'R12 Grocery > Snacks 1' }),
    ).not.toBeChecked();
    await user.click(screen.getByRole('tab', { name: 'Amazon' }));
    expect(
      await within(resultTree()).findByRole('checkbox', { name: 'R4 Grocery > Snacks 1' }),
    ).toBeChecked();
  });

  it('refuses the 51st node of a retailer', async () => {
    gateway = formGateway().on(remOmniOps.searchBrowseNodes, searchAnswer({ 4: 17 }));
    const { user } = open();
    await searchNodes(user, 'snacks');
    await within(resultTree()).findByRole('checkbox', { name: 'R4 Grocery > Snacks 1' });
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    // 17 results × 3 nodes = 51 nodes: tick every one through the keyboard.
    const tree = resultTree();
    act(() => tree.focus());
    await user.keyboard('{Home}' + ' {ArrowDown}'.repeat(51));
    expect(screen.getByTestId('node-counter-4')).toHaveTextContent('50 / 50');
    expect(screen.getByText('Maximum 50 browse nodes are allowed')).toBeInTheDocument();
    // The selected-nodes card renders deferred: on a busy machine it catches up a moment later.
    expect(
      await within(screen.getByTestId('selected-nodes-4')).findByText('50 / 50'),
    ).toBeInTheDocument();
  });

  it('logs a failed search and stays usable', async () => {
    let fail = true;
    gateway = formGateway().on(remOmniOps.searchBrowseNodes, (req: { body: unknown }) =>
      fail ? failure(502, 'search is down') : searchAnswer()(req),
    );
    const { user } = open();
    await searchNodes(user, 'snacks');
    expect(
      await screen.findByText('No browse nodes could be loaded. Try again.'),
    ).toBeInTheDocument();
    expect(gateway.failedCalls()).toEqual([remOmniOps.searchBrowseNodes.id]);
    expectErrorLogged(/^Browse node search failed ApiError: search is down$/);
    fail = false;
    await searchNodes(user, 'snack');
    expect(
      await within(resultTree()).findByRole('checkbox', { name: 'R4 Grocery > Snacks 1' }),
    ).toBeInTheDocument();
  });

  it('says when the retailers cannot be loaded', async () => {
    gateway = formGateway().on(remOmniOps.getRetailers, failure(500, 'boom'));
    open();
    expect(
      await screen.findByText('Something went wrong while getting retailer information !!'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Enter Account Name *')).toBeEnabled();
    expect(gateway.failedCalls()).toEqual([remOmniOps.getRetailers.id]);
  });
});
