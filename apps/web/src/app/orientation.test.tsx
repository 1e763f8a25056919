import { describe, expect, it } from '@jest/globals';
import { legacyOps, llmOps, metaOps, productRegisterOps, remOmniOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import type { GatewayRequest } from '@test/fake-gateway';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { setupRows } from '@test/setups';
import { signedInGateway } from '@test/signed-in';

screenTestHooks();

/** 45 setups: 3 pages of 20; a page past them answers empty, as the service does. */
function pagedSetups(req: GatewayRequest) {
  const { offset } = req.body as { offset: number };
  if (offset >= 45) return [];
  return setupRows([{ setupId: 100 + offset, clientName: 'acme foods', retailers: [{}] }], 45);
}

const PRODUCT = fixtures.product({
  productId: 3,
  productName: 'Retail Media Insights',
  productPath: '/retail-media/walmart/campaigns',
});

function productGateway() {
  return signedInGateway()
    .on(productRegisterOps.productDetails, { productDetails: PRODUCT })
    .on(metaOps.allSetup, [])
    .on(metaOps.getRetailers, { data: [] });
}

const title = () => document.title;

describe("the tab's title", () => {
  it('names the screen: "Setups · Onboarding Console" on the setups list', async () => {
    renderApp('/rem_omni/see_all', signedInGateway());
    await screen.findByRole('heading', { name: 'Setups', level: 1 });
    await waitFor(() => expect(title()).toBe('Setups · Onboarding Console'));
  });

  it("adds the product's name on a product's setups list, and shows it under the heading", async () => {
    renderApp('/product/3/all_setup', productGateway());
    expect(await screen.findByText('Product: Retail Media Insights')).toBeVisible();
    await waitFor(() =>
      expect(title()).toBe('Setups · Retail Media Insights · Onboarding Console'),
    );
  });

  it("starts with the client's name on a setup's details", async () => {
    renderApp(
      '/rem_omni/details/31',
      signedInGateway()
        .on(
          remOmniOps.setupDetails,
          fixtures.setupDetails({
            clientDetails: {
              clientName: 'Acme Foods',
              clientId: 5001,
              isNewClient: false,
              region: 'US',
              createdat: '2026-11-02T10:00:00.000Z',
              updatedat: '2026-11-03T10:00:00.000Z',
              setupId: 31,
            },
          }),
        )
        .on(remOmniOps.worflowData, { currentWorkflow: [], historyWorkflow: [] }),
    );
    await screen.findByRole('heading', { name: 'Setup Details', level: 1 });
    await waitFor(() => expect(title()).toBe('Acme Foods · Setup Details · Onboarding Console'));
  });

  it("starts with the prompt's name on a prompt's details", async () => {
    renderApp(
      '/llm_service/prompts/7',
      signedInGateway().on(
        llmOps.get,
        fixtures.prompt({ prompt_id: 7, metadata: { name: 'Weekly digest', variables: {} } }),
      ),
    );
    await screen.findByRole('heading', { name: 'Prompt Details', level: 1 });
    await waitFor(() =>
      expect(title()).toBe('Weekly digest · Prompt Details · Onboarding Console'),
    );
  });

  it('tells the legacy list from the setups list, whose heading is the same', async () => {
    renderApp(
      '/customer-setup/ongoing',
      signedInGateway().on(legacyOps.ongoing, []).on(legacyOps.status, []),
    );
    const heading = await screen.findByRole('heading', { name: 'Setups', level: 1 });
    expect(heading.parentElement).toHaveTextContent('Legacy customer setups');
    await waitFor(() => expect(title()).toBe('Legacy Setups · Onboarding Console'));
  });

  it('says Page not found at an unknown address, and changes as the operator moves on', async () => {
    const app = renderApp('/no/such/screen', signedInGateway());
    await screen.findByRole('heading', { name: 'Page not found', level: 1 });
    await waitFor(() => expect(title()).toBe('Page not found · Onboarding Console'));
    await app.user.click(screen.getByRole('link', { name: 'Go to Setups' }));
    await screen.findByRole('heading', { name: 'Setups', level: 1 });
    await waitFor(() => expect(title()).toBe('Setups · Onboarding Console'));
  });
});

describe('side menu', () => {
  it('leads to the legacy lists and Performance, in groups of their own', async () => {
    const app = renderApp('/rem_omni/see_all', signedInGateway());
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await app.user.click(within(menu).getByRole('button', { name: 'Legacy Customer Setups' }));
    expect(within(menu).getByRole('link', { name: 'Ongoing' })).toHaveAttribute(
      'href',
      '/customer-setup/ongoing',
    );
    expect(within(menu).getByRole('link', { name: 'Completed' })).toHaveAttribute(
      'href',
      '/customer-setup/completed',
    );
    await app.user.click(within(menu).getByRole('button', { name: 'Metrics' }));
    await app.user.click(within(menu).getByRole('link', { name: 'Performance' }));
    const heading = await screen.findByRole('heading', { name: 'Performance Coming Soon!' });
    // A move from the menu starts at the new screen's heading.
    await waitFor(() => expect(heading).toHaveFocus());
  });
});

describe('a page past the end of a list', () => {
  it('says so instead of an empty table and leads back to the last page', async () => {
    const app = renderApp(
      '/rem_omni/see_all?page=99',
      signedInGateway().on(remOmniOps.allSetup, pagedSetups),
    );
    expect(await screen.findByText('There is no page 99: this list has 3 pages.')).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Setups' })).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Go to the last page' }));
    await waitFor(() => expect(app.location()).toBe('/rem_omni/see_all?page=3'));
    expect(await screen.findByRole('table', { name: 'Setups' })).toBeVisible();
  });

  it('leads back to the first page of the legacy list', async () => {
    const app = renderApp(
      '/customer-setup/ongoing?page=7',
      signedInGateway()
        .on(legacyOps.status, [])
        .on(legacyOps.ongoing, (req: GatewayRequest) =>
          (req.body as { offset: number }).offset === 0
            ? [fixtures.legacySetup({ setupId: 1, clientName: 'Globex', totalRecords: 1 })]
            : [],
        ),
    );
    expect(await screen.findByText('There is no page 7: this list has 1 page.')).toBeVisible();
    await app.user.click(screen.getByRole('button', { name: 'Go to the first page' }));
    expect(await screen.findByRole('cell', { name: 'Globex' })).toBeVisible();
    expect(app.location()).toBe('/customer-setup/ongoing');
  });
});
