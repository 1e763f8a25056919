import { describe, expect, it } from '@jest/globals';
import { metaOps, remOmniOps } from '@onboarding/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { searchNodes, tick } from '../testing/actions';
import type { FakeGateway } from '@test/fake-gateway';
import { renderRoutes } from '@test/render-routes';
import { screenTestHooks } from '@test/screen-hooks';
import { formGateway, ROUTES_UNDER_TEST, withStoredSetup } from '../testing/scenario';

let gateway: FakeGateway;
screenTestHooks();

const updateButton = () => screen.getByRole('button', { name: 'Update Request' });

async function openReview(user: UserEvent) {
  await user.click(updateButton());
  return screen.findByRole('dialog', { name: 'Review changes' });
}

/** The changed fields as [field, before, after] rows. */
function fieldRows(review: HTMLElement): string[][] {
  const table = within(review).getByRole('table', { name: 'Changed fields' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

/** The items of a list of the review ("Amazon: nodes" › "Added (1)"). */
function listed(review: HTMLElement, section: string, list: string): string[] {
  const part = within(review).getByRole('region', { name: section });
  return within(within(part).getByRole('list', { name: list }))
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');
}

describe('reviewing an update before it is sent', () => {
  it('shows the brands before and after and, per retailer, the nodes added and removed', async () => {
    gateway = withStoredSetup(formGateway());
    const { user } = renderRoutes(ROUTES_UNDER_TEST, '/rem_omni/editSetup/77', gateway);
    const brands = await screen.findByLabelText('Enter Brands list');
    await user.clear(brands);
    await user.type(brands, 'Acme, Acme Baby');
    const amazon = screen.getByTestId('selected-nodes-4');
    await user.click(within(amazon).getByRole('checkbox', { name: /Leaf 1/ }));
    await user.click(
      within(amazon).getByRole('button', { name: 'Remove checked nodes of Amazon' }),
    );
    await searchNodes(user, 'snacks');
    await tick(user, 'R4 Grocery > Snacks 2');
    await user.click(screen.getByRole('checkbox', { name: 'Walmart' }));
    await user.click(screen.getByRole('tab', { name: /^Walmart/ }));
    await tick(user, 'R12 Grocery > Snacks 3');

    const review = await openReview(user);
    expect(fieldRows(review)).toEqual([['Brands', 'Acme, Acme Kids', 'Acme, Acme Baby']]);
    expect(listed(review, 'Retailers', 'Added (1)')).toEqual(['Walmart']);
    expect(listed(review, 'Amazon: nodes', 'Added (1)')).toEqual(['R4 Grocery > Snacks 2']);
    expect(listed(review, 'Amazon: nodes', 'Removed (1)')).toEqual([
      'R4 Grocery > Snacks 1 > Leaf 1',
    ]);
    expect(listed(review, 'Walmart: nodes', 'Added (1)')).toEqual(['R12 Grocery > Snacks 3']);
    expect(within(review).queryByRole('region', { name: 'Amazon Fresh: nodes' })).toBeNull();
    expect(gateway.bodiesOf(remOmniOps.updateSetup)).toEqual([]);
  });

  it('sends the update once confirmed, waiting with both buttons disabled meanwhile', async () => {
    gateway = withStoredSetup(formGateway());
    const { user, path } = renderRoutes(ROUTES_UNDER_TEST, '/rem_omni/editSetup/77', gateway);
    await user.type(await screen.findByLabelText('Enter Brands list'), ', Acme Baby');
    const release = gateway.hold(remOmniOps.updateSetup);
    const review = await openReview(user);
    await user.click(within(review).getByRole('button', { name: 'Confirm update' }));
    await waitFor(() =>
      expect(within(review).getByRole('button', { name: 'Confirm update' })).toBeDisabled(),
    );
    expect(within(review).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    release();
    await waitFor(() => expect(path()).toBe('/rem_omni/see_all'));
    const [items] = gateway.bodiesOf(remOmniOps.updateSetup) as [{ retailerId: number }[]];
    expect(items.map((i) => i.retailerId)).toEqual([4, 31]);
    expect(items[0]).toMatchObject({ brands: ['Acme', 'Acme Kids', 'Acme Baby'], isEdit: true });
  });

  it('sends nothing on Cancel and puts the focus back on Update Request', async () => {
    gateway = withStoredSetup(formGateway());
    const { user, path } = renderRoutes(ROUTES_UNDER_TEST, '/rem_omni/editSetup/77', gateway);
    // Enter in a field sends the form too: focus still returns to the button, not the field.
    await user.type(await screen.findByLabelText('Enter Brands list'), ', Acme Baby{Enter}');
    const review = await screen.findByRole('dialog', { name: 'Review changes' });
    await user.click(within(review).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(updateButton()).toHaveFocus();
    expect(path()).toBe('/rem_omni/editSetup/77');
    expect(screen.getByLabelText('Enter Brands list')).toHaveValue('Acme, Acme Kids, Acme Baby');
    expect(gateway.bodiesOf(remOmniOps.updateSetup)).toEqual([]);
  });

  it('shows the per-product schedule fields that change, and a schedule switched off', async () => {
    gateway = withStoredSetup(formGateway(), true);
    const { user } = renderRoutes(ROUTES_UNDER_TEST, '/product/3/editSetup/77', gateway);
    const interval = await screen.findByLabelText('Interval (weeks)');
    await user.clear(interval);
    await user.type(interval, '2');
    await user.click(screen.getByRole('button', { name: 'FR' }));
    await user.click(screen.getByRole('radio', { name: 'ON DATE' }));
    await user.type(screen.getByLabelText('End Date'), '2099-01-31');

    let review = await openReview(user);
    expect(fieldRows(review)).toEqual([
      ['Interval (weeks)', '1', '2'],
      ['Weekdays', 'WE', 'WE, FR'],
      ['End', 'NEVER', 'ON DATE 2099-01-31'],
    ]);
    expect(within(review).queryByRole('region')).toBeNull();
    await user.click(within(review).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('checkbox', { name: 'Enable Schedule' }));
    review = await openReview(user);
    expect(fieldRows(review)).toEqual([['Schedule', 'On', 'Off']]);
    expect(gateway.bodiesOf(metaOps.updateSetup)).toEqual([]);
  });

  it('shows every field of a schedule added to a per-product setup that had none', async () => {
    gateway = withStoredSetup(formGateway());
    const { user } = renderRoutes(ROUTES_UNDER_TEST, '/product/3/editSetup/77', gateway);
    await user.click(await screen.findByRole('checkbox', { name: 'Enable Schedule' }));
    await user.clear(screen.getByLabelText('Start Date'));
    await user.type(screen.getByLabelText('Start Date'), '2099-02-03');
    const review = await openReview(user);
    expect(fieldRows(review)).toEqual([
      ['Schedule', 'Off', 'On'],
      ['Start Date', '—', '2099-02-03'],
      ['Start Time (UTC)', '—', '05:30'],
      ['Interval (weeks)', '—', '1'],
      ['Weekdays', '—', 'WE'],
      ['End', '—', 'NEVER'],
    ]);
  });
});

const CHANGED_ELSEWHERE =
  'Changed elsewhere since you opened it. “Before” shows what is saved now.';

describe.each([
  ['Category Leaderboard', '/rem_omni/editSetup/77', remOmniOps],
  ['a product', '/product/3/editSetup/77', metaOps],
] as const)('a setup of %s saved in another tab while this one edits it', (_flow, path, ops) => {
  it('the review shows the saved brands as Before and warns, before anything is sent', async () => {
    const gateway = withStoredSetup(formGateway());
    const { user } = renderRoutes(ROUTES_UNDER_TEST, path, gateway);
    await user.type(await screen.findByLabelText('Enter Brands list'), ', Acme Baby');
    // The other tab adds a brand and saves.
    withStoredSetup(gateway, false, ['Acme', 'Acme Kids', 'Acme Pets']);
    const readsBefore = gateway.callsTo(ops.setupDetails).length;

    await user.click(screen.getByRole('button', { name: 'Update Request' }));
    const review = await screen.findByRole('dialog', { name: 'Review changes' });
    expect(within(review).getByText(CHANGED_ELSEWHERE)).toBeInTheDocument();
    expect(fieldRows(review)).toEqual([
      ['Brands', 'Acme, Acme Kids, Acme Pets', 'Acme, Acme Kids, Acme Baby'],
    ]);
    expect(gateway.callsTo(ops.setupDetails).length).toBe(readsBefore + 1);
    expect(gateway.bodiesOf(ops.updateSetup)).toEqual([]);
  });

  it('with nobody else saving, the review warns of nothing', async () => {
    const gateway = withStoredSetup(formGateway());
    const { user } = renderRoutes(ROUTES_UNDER_TEST, path, gateway);
    await user.type(await screen.findByLabelText('Enter Brands list'), ', Acme Baby');
    await user.click(screen.getByRole('button', { name: 'Update Request' }));
    const review = await screen.findByRole('dialog', { name: 'Review changes' });
    await waitFor(() => expect(fieldRows(review)).toHaveLength(1));
    expect(within(review).queryByText(/Changed elsewhere/)).not.toBeInTheDocument();
  });
});
