import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  metaOps,
  productRegisterOps,
  remOmniOps,
  viewsOps,
  type FleetSetup,
} from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { fleetListFrom } from '@test/fleet';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { setupRows } from '@test/setups';
import { DASHBOARD, signedInGateway } from '@test/signed-in';
import { catchDownloads, type Download, fileText } from '@test/downloads';

screenTestHooks();

/** The list's own page: one setup that the filters do not match. */
const LIST_PAGE = setupRows([
  { setupId: 900, clientName: 'initech', retailers: [{ retailerId: 4, status: 'COMPLETED' }] },
]);

/** Setups failed at STI on Amazon, newest first, as the snapshot's matches. */
function failedSetups(count: number): FleetSetup[] {
  return Array.from({ length: count }, (_, i) => ({
    setupId: 200 - i,
    clientName: `failed ${200 - i}`,
    clientId: 5000 + 200 - i,
    isNewClient: false,
    rows: [
      {
        retailerId: 4,
        retailerName: 'Amazon',
        status: 'FAILED',
        stepName: 'sti',
        ismarketshareEnabled: false,
      },
    ],
    forecast: null,
  }));
}

function gatewayWith(matches: FleetSetup[]) {
  return signedInGateway()
    .on(remOmniOps.allSetup, LIST_PAGE)
    .on(viewsOps.fleetList, fleetListFrom(matches, { takenAt: new Date().toISOString() }));
}

async function openList(path: string, gateway = gatewayWith(failedSetups(25))) {
  const app = renderApp(path, gateway);
  await screen.findByRole('heading', { name: 'Setups', level: 1 });
  return { app, gateway };
}

const filters = () => screen.getByRole('group', { name: 'Filters' });
const choose =
  (app: { user: { selectOptions: (e: Element, v: string) => Promise<void> } }) =>
  (label: string, option: string) =>
    app.user.selectOptions(within(filters()).getByLabelText(label), option);

describe('Setups list, fleet filters', () => {
  it('without a filter lists allSetup exactly as before and asks the snapshot nothing', async () => {
    const { gateway } = await openList('/rem_omni/see_all');
    expect(await screen.findByText('initech')).toBeInTheDocument();
    expect(screen.queryByText(/setups? match/)).not.toBeInTheDocument();
    expect(gateway.callsTo(viewsOps.fleetList)).toHaveLength(0);
  });

  it('a status and a step chosen go to the address, and the list shows the snapshot’s matches with their count and age', async () => {
    const { app, gateway } = await openList('/rem_omni/see_all');
    await screen.findByText('initech');
    await choose(app)('Status', 'Failed');
    await waitFor(() => expect(app.location()).toBe('/rem_omni/see_all?status=FAILED'));
    expect(await screen.findByText('failed 200')).toBeInTheDocument();
    expect(within(filters()).getByLabelText('Status')).toHaveValue('FAILED');
    await choose(app)('Step', 'STI');
    await waitFor(() => expect(app.location()).toBe('/rem_omni/see_all?status=FAILED&step=sti'));
    await waitFor(() => expect(within(filters()).getByLabelText('Step')).toHaveValue('sti'));
    expect(screen.queryByText('initech')).not.toBeInTheDocument();
    expect(
      screen.getByText(/^25 setups match · Updated \d+ s ago \(fleet snapshot\)$/),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(gateway.callsTo(viewsOps.fleetList).at(-1)!.query).toEqual({
        flow: 'rem_omni',
        status: 'FAILED',
        step: 'sti',
        offset: '0',
        limit: '20',
      }),
    );
  });

  it('two filters chosen one right after the other both stay', async () => {
    const { app } = await openList('/rem_omni/see_all');
    await screen.findByText('initech');
    await choose(app)('Status', 'Failed');
    await choose(app)('Client', 'Prospects');
    await waitFor(() => expect(app.location()).toBe('/rem_omni/see_all?status=FAILED&prospect=1'));
    expect(await screen.findByText('failed 200')).toBeInTheDocument();
  });

  it('pages through the matches 20 at a time, and Back returns to the page before', async () => {
    const { app, gateway } = await openList('/rem_omni/see_all?status=FAILED');
    expect(await screen.findByText('failed 200')).toBeInTheDocument();
    expect(screen.queryByText('failed 180')).not.toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Setups pages' });
    await app.user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('failed 180')).toBeInTheDocument();
    expect(screen.getByText('failed 176')).toBeInTheDocument();
    expect(screen.queryByText('failed 200')).not.toBeInTheDocument();
    expect(app.location()).toBe('/rem_omni/see_all?status=FAILED&page=2');
    expect(gateway.callsTo(viewsOps.fleetList).at(-1)!.query).toMatchObject({ offset: '20' });
    await act(() => app.router.navigate(-1));
    expect(await screen.findByText('failed 200')).toBeInTheDocument();
    expect(app.location()).toBe('/rem_omni/see_all?status=FAILED');
  });

  it('a filtered address opened again shows its filters and page, and asks no allSetup', async () => {
    const { gateway } = await openList(
      '/rem_omni/see_all?status=FAILED&step=sti&retailer=4&ms=0&prospect=0&page=2',
    );
    expect(await screen.findByText('failed 180')).toBeInTheDocument();
    expect(within(filters()).getByLabelText('Status')).toHaveValue('FAILED');
    expect(within(filters()).getByLabelText('Step')).toHaveValue('sti');
    expect(within(filters()).getByLabelText('Retailer')).toHaveValue('4');
    expect(within(filters()).getByLabelText('Market Share')).toHaveValue('0');
    expect(within(filters()).getByLabelText('Client')).toHaveValue('0');
    expect(gateway.callsTo(viewsOps.fleetList)[0]!.query).toMatchObject({
      retailer: '4',
      ms: '0',
      prospect: '0',
      offset: '20',
    });
    expect(gateway.callsTo(remOmniOps.allSetup)).toHaveLength(0);
  });

  it('a bad filter in the address is named and ignored, the others still apply', async () => {
    const { gateway } = await openList('/rem_omni/see_all?status=FAILED&ms=yes&failedSince=soon');
    expect(await screen.findByText('failed 200')).toBeInTheDocument();
    expect(
      screen.getByText(/^Ignored filter in the address: ms \(Must be 0 or 1\); failedSince \(/),
    ).toBeInTheDocument();
    expect(gateway.callsTo(viewsOps.fleetList)[0]!.query).toEqual({
      flow: 'rem_omni',
      status: 'FAILED',
      offset: '0',
      limit: '20',
    });
  });

  it('Clear filters goes back to the list as it was', async () => {
    const { app } = await openList('/rem_omni/see_all?status=FAILED&search=acme');
    expect(await screen.findByText('failed 200')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(app.location()).toBe('/rem_omni/see_all?search=acme'));
    expect(await screen.findByText('initech')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });
});

describe('A product’s setups list, fleet filters', () => {
  it('asks the product’s fleet list, and none of its allSetup pages', async () => {
    const gateway = gatewayWith(failedSetups(2))
      .on(metaOps.allSetup, [])
      .on(metaOps.getRetailers, { data: [] })
      .on(productRegisterOps.productDetails, {
        productDetails: fixtures.product({ productId: 3, productName: 'Digital Shelf' }),
      });
    await openList('/product/3/all_setup?status=FAILED', gateway);
    expect(await screen.findByText('failed 199')).toBeInTheDocument();
    expect(screen.getByText(/^2 setups match · /)).toBeInTheDocument();
    expect(gateway.callsTo(viewsOps.fleetList)[0]!.query).toEqual({
      flow: 'meta',
      productId: '3',
      status: 'FAILED',
      offset: '0',
      limit: '20',
    });
    expect(gateway.callsTo(metaOps.allSetup)).toHaveLength(0);
  });
});

describe('Setups list, actions with filters', () => {
  it('Refresh Data on a filtered row sends the row as the list has it, client id included', async () => {
    const done: FleetSetup = {
      ...failedSetups(1)[0]!,
      setupId: 300,
      clientName: 'done 300',
      clientId: 7300,
      rows: [{ ...failedSetups(1)[0]!.rows[0]!, status: 'COMPLETED', stepName: 'sov_wf' }],
    };
    const gateway = gatewayWith([done]).on(remOmniOps.refreshData, {
      message: 'Data refresh started',
    });
    const { app } = await openList('/rem_omni/see_all?status=COMPLETED', gateway);
    expect(await screen.findByText('done 300')).toBeInTheDocument();
    await app.user.click(screen.getByRole('checkbox', { name: 'Select done 300, Amazon (CL)' }));
    const toolbar = screen.getByRole('region', { name: 'List actions' });
    await app.user.click(within(toolbar).getByRole('button', { name: 'Refresh Data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refresh Data: 1 row' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Refresh Data 1' }));
    await waitFor(() => expect(gateway.callsTo(remOmniOps.refreshData)).toHaveLength(1));
    expect(gateway.bodiesOf(remOmniOps.refreshData)[0]).toMatchObject({
      setupId: 300,
      clientId: 7300,
      retailerId: 4,
    });
    // Sent as the snapshot has it: the list's rows are not searched again by the client's name.
    expect(gateway.bodiesOf(remOmniOps.allSetup)).not.toContainEqual(
      expect.objectContaining({ searchText: 'done 300' }),
    );
  });

  it("links a filtered setup's client to its dashboard, as the unfiltered list does", async () => {
    const done: FleetSetup = {
      ...failedSetups(1)[0]!,
      setupId: 300,
      clientName: 'done 300',
      clientId: 7300,
      rows: [{ ...failedSetups(1)[0]!.rows[0]!, status: 'COMPLETED', stepName: 'sov_wf' }],
    };
    await openList('/rem_omni/see_all?status=COMPLETED', gatewayWith([done]));
    const link = await screen.findByRole('link', { name: 'done 300' });
    expect(link).toHaveAttribute('href', `${DASHBOARD}/7300/category-leaderboard`);
  });
});

describe('Setups list, CSV export with filters', () => {
  let downloads: Download[] = [];
  beforeEach(() => {
    ({ downloads } = catchDownloads());
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('exports every setup the filters match, over every snapshot page, and none of the list’s', async () => {
    const { app, gateway } = await openList(
      '/rem_omni/see_all?status=FAILED',
      gatewayWith(failedSetups(130)),
    );
    expect(await screen.findByText('failed 200')).toBeInTheDocument();
    const toolbar = screen.getByRole('region', { name: 'List actions' });
    await app.user.click(within(toolbar).getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText(/^Exported 130 setups to /)).toBeInTheDocument();
    const pages = gateway
      .callsTo(viewsOps.fleetList)
      .filter((c) => c.query.limit === '100')
      .map((c) => [c.query.status, c.query.offset]);
    expect(pages).toEqual([
      ['FAILED', '0'],
      ['FAILED', '100'],
    ]);
    const text = await fileText(downloads[0]!.blob);
    expect(text).toContain('failed 71');
    expect(text).not.toContain('initech');
    expect(gateway.callsTo(remOmniOps.allSetup)).toHaveLength(0);
  });
});
