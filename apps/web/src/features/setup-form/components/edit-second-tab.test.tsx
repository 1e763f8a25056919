import { describe, expect, it } from '@jest/globals';
import { metaOps, remOmniOps } from '@onboarding/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { renderRoutes } from '@test/render-routes';
import { screenTestHooks } from '@test/screen-hooks';
import { formGateway, ROUTES_UNDER_TEST, withStoredSetup } from '../testing/scenario';

screenTestHooks();

const CHANGED_ELSEWHERE =
  'Changed elsewhere since you opened it. “Before” shows what is saved now.';

/** The changed fields as [field, before, after] rows. */
function fieldRows(review: HTMLElement): string[][] {
  const table = within(review).getByRole('table', { name: 'Changed fields' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

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
