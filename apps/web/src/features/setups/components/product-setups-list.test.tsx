import { describe, expect, it } from '@jest/globals';
import { metaOps, productRegisterOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { envelope } from '@test/fake-gateway';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { setupRows } from '@test/setups';
import { DASHBOARD, signedInGateway } from '@test/signed-in';

screenTestHooks();

const PAGE = setupRows([
  {
    setupId: 11,
    clientName: 'acme foods',
    retailers: [
      {
        retailerId: 4,
        status: 'COMPLETED',
        stepName: 'crawl',
        nodesDetails: [
          { retailerId: 4, id: 501, parentId: 501, nodePath: 'Pantry > Snacks' },
          { retailerId: 4, id: 502, parentId: 501, nodePath: 'Pantry > Snacks > Nuts' },
        ],
      },
      {
        retailerId: 7,
        status: 'FAILED',
        stepName: 'analytics',
        nodesDetails: [{ retailerId: 7, id: 601, parentId: 601, nodePath: 'Food > Cookies' }],
      },
    ],
  },
  {
    setupId: 12,
    clientName: 'globex',
    retailers: [{ retailerId: 7, status: 'COMPLETED', stepName: 'crawl' }],
  },
  {
    setupId: 13,
    clientName: 'initech',
    retailers: [{ retailerId: 4, status: 'IN_PROGRESS', stepName: 'crawl' }],
  },
]);

function productGateway() {
  return signedInGateway()
    .on(metaOps.allSetup, PAGE)
    .on(metaOps.getRetailers, {
      data: [
        fixtures.retailerGroup({
          projectSource: 'REM',
          data: [
            { retailerId: 4, retailerName: 'Amazon' },
            { retailerId: 7, retailerName: 'Walmart' },
          ],
        }),
      ],
    })
    .on(metaOps.browseNodes, fixtures.browseNodesResponse())
    .on(productRegisterOps.productDetails, {
      productDetails: fixtures.product({
        productId: 3,
        productName: 'Digital Shelf',
        productPath: '/digital-shelf/amazon/overview',
      }),
    });
}

async function openList(gateway = productGateway()) {
  const app = renderApp('/product/3/all_setup', gateway);
  await screen.findByRole('heading', { name: 'Setups', level: 1 });
  await screen.findByText('initech');
  return { app, gateway };
}

/** The bottom-centre message with `text`. */
async function notification(text: string) {
  const message = await screen.findByText(text);
  expect(message.closest('.MuiSnackbar-root')).not.toBeNull();
  return message;
}

const rowOf = (client: string) =>
  within(screen.getByRole('table', { name: 'Setups' }))
    .getAllByRole('row')
    .find((r) => within(r).queryByText(client))!;

describe('Per-product setups list', () => {
  it("asks for the product's setups and retailers with its productId", async () => {
    const { gateway } = await openList();
    expect(gateway.callsTo(metaOps.allSetup)[0]?.body).toMatchObject({ productId: 3, offset: 0 });
    await waitFor(() =>
      expect(gateway.callsTo(metaOps.getRetailers)[0]?.query).toEqual({ productId: '3' }),
    );
    expect(screen.getByRole('link', { name: 'Add New Setup' })).toHaveAttribute(
      'href',
      '/product/3/setup_type',
    );
  });

  it("links the client to the product's dashboard once any retailer step is completed, swapping the retailer the client lacks", async () => {
    await openList();
    expect(await screen.findByRole('link', { name: 'acme foods' })).toHaveAttribute(
      'href',
      `${DASHBOARD}/acme%20foods/digital-shelf/amazon/overview`,
    );
    expect(screen.getByRole('link', { name: 'globex' })).toHaveAttribute(
      'href',
      `${DASHBOARD}/globex/digital-shelf/walmart/overview`,
    );
    expect(screen.queryByRole('link', { name: 'initech' })).not.toBeInTheDocument();
  });

  it("expands a row to the nodes its rows carry, without asking for the setup's browse nodes", async () => {
    const { app, gateway } = await openList();
    await app.user.click(screen.getByRole('button', { name: 'Show details of acme foods' }));
    const nodes = await screen.findByRole('table', { name: 'Browse nodes of acme foods' });
    expect(within(nodes).getByText('Pantry > Snacks')).toBeInTheDocument();
    expect(within(nodes).getByText('(sub category) Pantry > Snacks > Nuts')).toBeInTheDocument();
    expect(within(nodes).getByText('Food > Cookies')).toBeInTheDocument();
    expect(within(nodes).getByText('Walmart')).toBeInTheDocument();
    expect(gateway.callsTo(metaOps.browseNodes)).toEqual([]);
  });

  it('leads See Details and Edit Setup to the product routes', async () => {
    const { app } = await openList();
    await app.user.click(
      within(rowOf('acme foods')).getByRole('button', { name: 'Actions for acme foods' }),
    );
    expect(await screen.findByRole('menuitem', { name: 'See Details' })).toHaveAttribute(
      'href',
      '/product/3/details/11',
    );
    expect(screen.getByRole('menuitem', { name: 'Edit Setup' })).toHaveAttribute(
      'href',
      '/product/3/editSetup/11',
    );
  });

  it('shows the actions in a dialog, not a drawer, and refreshes with the productId after confirmation', async () => {
    const gateway = productGateway().on(metaOps.refreshData, { message: 'Refresh started' });
    const { app } = await openList(gateway);
    await app.user.click(screen.getByRole('button', { name: 'Actions for acme foods' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Actions/More details' }));
    const dialog = await screen.findByRole('dialog', { name: 'acme foods' });
    expect(dialog.closest('.MuiDrawer-root')).toBeNull();
    expect(dialog.closest('.MuiDialog-root')).not.toBeNull();
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Retailer', 'Is MarketShare Enabled', 'Step', 'Status', 'Action']);

    await app.user.click(within(dialog).getByRole('button', { name: 'Refresh Data Amazon' }));
    const confirm = await screen.findByRole('dialog', { name: 'Refresh Data' });
    await app.user.click(within(confirm).getByRole('button', { name: 'Refresh Data' }));
    expect(await screen.findByText('Refresh started')).toBeInTheDocument();
    expect(gateway.callsTo(metaOps.refreshData)[0]?.body).toMatchObject({
      setupId: 11,
      retailerId: 4,
      productId: 3,
      stepName: 'crawl',
    });
  });

  it('notifies the error message when a re-trigger fails, after sending the productId', async () => {
    const gateway = productGateway().on(
      metaOps.reTrigger,
      envelope(502, 'UPSTREAM_ERROR', 'upstream down'),
    );
    const { app } = await openList(gateway);
    await app.user.click(screen.getByRole('button', { name: 'Actions for acme foods' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Actions/More details' }));
    const dialog = await screen.findByRole('dialog', { name: 'acme foods' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Re-trigger Walmart' }));
    const confirm = await screen.findByRole('dialog', { name: 'Re-trigger' });
    await app.user.click(within(confirm).getByRole('button', { name: 'Re-trigger' }));
    expect(await notification('upstream down')).toBeInTheDocument();
    expect(screen.queryByText('Oops..Something went wrong!')).not.toBeInTheDocument();
    expect(gateway.callsTo(metaOps.reTrigger)[0]?.body).toMatchObject({
      setupId: 11,
      retailerId: 7,
      productId: 3,
      stepName: 'analytics',
    });
    expect(gateway.failedCalls()).toEqual([metaOps.reTrigger.id]);
  });

  it('notifies the error message when the list cannot be loaded, and offers a Retry', async () => {
    const gateway = productGateway().fail(
      metaOps.allSetup,
      envelope(502, 'UPSTREAM_ERROR', 'Product setups API is down'),
    );
    const app = renderApp('/product/3/all_setup', gateway);
    expect(await notification('Product setups API is down')).toBeInTheDocument();
    expect(screen.getByText('The setups could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong!')).not.toBeInTheDocument();
    gateway.heal(metaOps.allSetup);
    await app.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('initech')).toBeInTheDocument();
    expect(gateway.failedCalls()).toEqual([metaOps.allSetup.id]);
  });

  it("notifies the error message when the product's retailers cannot be loaded", async () => {
    const gateway = productGateway().on(
      metaOps.getRetailers,
      envelope(502, 'UPSTREAM_ERROR', 'Retailer service is down'),
    );
    await openList(gateway);
    expect(await notification('Retailer service is down')).toBeInTheDocument();
  });
});
