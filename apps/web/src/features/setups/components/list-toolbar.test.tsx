import { describe, expect, it } from '@jest/globals';
import { fleetOps, metaOps, productRegisterOps, remOmniOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { setupRows } from '@test/setups';
import { signedInGateway } from '@test/signed-in';

screenTestHooks();

const PAGE = setupRows([
  {
    setupId: 11,
    clientName: 'acme foods',
    retailers: [{ retailerId: 4, status: 'FAILED', stepName: 'sti' }],
  },
]);

/** The list's actions once its rows show. */
async function listActions(path: string) {
  const gateway = signedInGateway()
    .on(remOmniOps.allSetup, PAGE)
    .on(metaOps.getRetailers, { data: [] })
    .on(metaOps.allSetup, PAGE)
    .on(productRegisterOps.productDetails, {
      productDetails: fixtures.product({ productId: 3, productName: 'Digital Shelf' }),
    })
    .on(fleetOps.health, fixtures.fleetHealth());
  const app = renderApp(path, gateway);
  await screen.findByText('acme foods');
  return { app, toolbar: screen.getByRole('region', { name: 'List actions' }) };
}

describe('Setups list actions', () => {
  it("lead to the Category Leaderboard's pipeline health, beside its failure board", async () => {
    const { app, toolbar } = await listActions('/rem_omni/see_all');
    const links = within(toolbar).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Failures', '/rem_omni/failures'],
      ['Health', '/rem_omni/health'],
    ]);
    await app.user.click(within(toolbar).getByRole('link', { name: 'Health' }));
    await waitFor(() => expect(app.location()).toBe('/rem_omni/health'));
    expect(await screen.findByRole('heading', { name: 'Pipeline Health' })).toBeInTheDocument();
  });

  it("lead to a product's own pipeline health", async () => {
    const { app, toolbar } = await listActions('/product/3/all_setup');
    expect(within(toolbar).getByRole('link', { name: 'Health' })).toHaveAttribute(
      'href',
      '/product/3/health',
    );
    await app.user.click(within(toolbar).getByRole('link', { name: 'Health' }));
    await waitFor(() => expect(app.location()).toBe('/product/3/health'));
    expect(await screen.findByRole('heading', { name: 'Pipeline Health' })).toBeInTheDocument();
  });
});
