import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  fleetOps,
  metaOps,
  productRegisterOps,
  remOmniOps,
  type SetupRow,
  viewsOps,
} from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { act, screen, within } from '@testing-library/react';
import { deferred, failure, type GatewayRequest } from '@test/fake-gateway';
import { fleetListFrom, fleetSetup, fleetSetupsFrom } from '@test/fleet';
import { renderApp } from '@test/render-app';
import { catchDownloads, type Download, fakeToday, fileText } from '@test/downloads';
import { screenTestHooks } from '@test/screen-hooks';
import { setupRows } from '@test/setups';
import { signedInGateway } from '@test/signed-in';

screenTestHooks();

let downloads: Download[] = [];

beforeEach(() => {
  ({ downloads } = catchDownloads());
});

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

/**
 * The file's text, byte-order mark included (jsdom's Blob has no text()). Read inside act(): the
 * reader answers in a later task, when the list's own timers (its forecasts, asked when the page
 * is idle) may run too, and their updates belong to the screen.
 */
function textOf(blob: Blob): Promise<string> {
  return act(() => fileText(blob));
}

/** Setups "acme <n>" from `offset`, one COMPLETED Amazon row each, `total` in all. */
function acmeRows(total: number, offset: number, limit: number): SetupRow[] {
  const count = Math.max(0, Math.min(limit, total - offset));
  return setupRows(
    Array.from({ length: count }, (_, i) => ({
      setupId: offset + i + 1,
      clientName: `acme ${offset + i + 1}`,
      retailers: [{ retailerId: 4, status: 'COMPLETED', stepName: 'sov_wf' }],
    })),
    total,
  );
}

/** Setup `setupId` as the fleet read it: begun on November `day`, last changed on the 20th. */
const dated = (setupId: number, day: number) => ({
  ...fleetSetup(setupId, null),
  startedAt: `2026-11-0${day}T10:00:00.000Z`,
  lastChangeAt: '2026-11-20T09:30:00.000Z',
});

/** allSetup answered page by page, as the upstream pages it. */
function acmePages(total: number) {
  return (req: GatewayRequest) => {
    const { limit, offset } = req.body as { limit: number; offset: number };
    return acmeRows(total, offset, limit);
  };
}

const exportBodies = (requests: unknown[]) =>
  requests.filter((b) => (b as { limit: number }).limit === 100);

/**
 * An export run to its end: its message shown (the list's last change of state: awaited here,
 * not while the test reads the file) and its one file downloaded.
 */
async function exportEnded() {
  await screen.findByText(/^Exported /);
  expect(downloads).toHaveLength(1);
}

async function startExport(
  path: string,
  gateway: ReturnType<typeof signedInGateway>,
  ready: () => Promise<unknown> = () =>
    screen.findAllByRole('button', { name: /^Show details of/ }),
) {
  const app = renderApp(path, gateway);
  const toolbar = await screen.findByRole('region', { name: 'List actions' });
  await ready();
  await app.user.click(within(toolbar).getByRole('button', { name: 'Export CSV' }));
  return { app, toolbar };
}

describe('Setups list, CSV export', () => {
  it('writes the columns as the list shows them, then the setup id, one line per setup and retailer, dated file name', async () => {
    fakeToday('2026-11-23T23:30:00Z');
    const rows = setupRows([
      {
        setupId: 12,
        clientName: 'globex, "the" company',
        isNewClient: true,
        retailers: [
          { retailerId: 4, status: 'FAILED', stepName: 'analytics', ismarketshareEnabled: false },
          { retailerId: 9, status: 'IN_PROGRESS', stepName: 'sti', ismarketshareEnabled: true },
        ],
      },
      {
        setupId: 11,
        clientName: '=globex',
        retailers: [{ retailerId: 7, status: 'COMPLETED', stepName: 'sov_wf' }],
      },
    ]);
    const gateway = signedInGateway()
      .on(remOmniOps.allSetup, rows)
      .on(fleetOps.setups, fleetSetupsFrom([dated(12, 1), dated(11, 2)]));
    await startExport('/rem_omni/see_all?search=glob', gateway);
    await exportEnded();
    expect(downloads[0]!.name).toBe('setups-2026-11-23.csv');
    expect(downloads[0]!.blob.type).toBe('text/csv;charset=utf-8');
    expect(await textOf(downloads[0]!.blob)).toBe(
      '\uFEFFSr No.,Client/Prospect Name,Retailer,is New Client,Status,Step,Setup Id,Started,Last change\r\n' +
        '1,"globex, ""the"" company",Amazon (CL),true,FAILED,Analytics,12,2026-11-01T10:00:00.000Z,2026-11-20T09:30:00.000Z\r\n' +
        '1,"globex, ""the"" company",Target (ML),true,IN_PROGRESS,STI,12,2026-11-01T10:00:00.000Z,2026-11-20T09:30:00.000Z\r\n' +
        "2,'=globex,Walmart (CL),false,COMPLETED,Share of Voice WF,11,2026-11-02T10:00:00.000Z,2026-11-20T09:30:00.000Z\r\n",
    );
    expect(await screen.findByText('Exported 2 setups to setups-2026-11-23.csv')).toBeVisible();
    expect(exportBodies(gateway.bodiesOf(remOmniOps.allSetup))).toEqual([
      { searchText: 'glob', limit: 100, offset: 0 },
    ]);
  });

  it('reads every page of the current search, 100 setups at a time, numbering setups across pages', async () => {
    const gateway = signedInGateway()
      .on(remOmniOps.allSetup, acmePages(230))
      .on(fleetOps.setups, fleetSetupsFrom([]));
    await startExport('/rem_omni/see_all?search=acme&page=2', gateway);
    await exportEnded();
    expect(exportBodies(gateway.bodiesOf(remOmniOps.allSetup))).toEqual([
      { searchText: 'acme', limit: 100, offset: 0 },
      { searchText: 'acme', limit: 100, offset: 100 },
      { searchText: 'acme', limit: 100, offset: 200 },
    ]);
    const lines = (await textOf(downloads[0]!.blob)).split('\r\n');
    expect(lines).toHaveLength(1 + 230 + 1);
    expect(lines[101]).toBe('101,acme 101,Amazon (CL),false,COMPLETED,Share of Voice WF,101,,');
    expect(lines[230]).toBe('230,acme 230,Amazon (CL),false,COMPLETED,Share of Voice WF,230,,');
    expect(lines[231]).toBe('');
    // The fleet asked for the dates of every setup written, 100 at a time.
    expect(
      gateway.callsTo(fleetOps.setups).map((r) => r.query.setupIds!.split(',').length),
    ).toEqual([100, 100, 30]);
  });

  it('dates each setup the fleet has read and leaves the others empty, saying so', async () => {
    const gateway = signedInGateway()
      .on(remOmniOps.allSetup, acmePages(3))
      .on(fleetOps.setups, fleetSetupsFrom([dated(1, 1), dated(3, 3)]));
    await startExport('/rem_omni/see_all?search=acme', gateway);
    await exportEnded();
    const lines = (await textOf(downloads[0]!.blob)).split('\r\n');
    expect(lines.slice(1, 4).map((l) => l.split(',').slice(6))).toEqual([
      ['1', '2026-11-01T10:00:00.000Z', '2026-11-20T09:30:00.000Z'],
      ['2', '', ''],
      ['3', '2026-11-03T10:00:00.000Z', '2026-11-20T09:30:00.000Z'],
    ]);
    expect(
      await screen.findByText(
        /^Exported 3 setups to setups-\d{4}-\d{2}-\d{2}\.csv\. Started and Last change are empty for 1 setup: the fleet has not read it yet\.$/,
      ),
    ).toBeVisible();
  });

  it('dates a filtered export from the snapshot’s own matches', async () => {
    const matches = [
      dated(31, 1),
      { ...fleetSetup(30, null), startedAt: null, lastChangeAt: null },
    ];
    const gateway = signedInGateway()
      .on(remOmniOps.allSetup, acmePages(3))
      .on(viewsOps.fleetList, fleetListFrom(matches, { takenAt: new Date().toISOString() }));
    await startExport('/rem_omni/see_all?status=IN_PROGRESS', gateway, () =>
      screen.findByText('client 31'),
    );
    await exportEnded();
    const lines = (await textOf(downloads[0]!.blob)).split('\r\n');
    expect(lines.slice(1, 3).map((l) => l.split(',').slice(6))).toEqual([
      ['31', '2026-11-01T10:00:00.000Z', '2026-11-20T09:30:00.000Z'],
      ['30', '', ''],
    ]);
    expect(
      await screen.findByText(
        /^Exported 2 setups to .*\.csv\. Started and Last change are empty for 1 setup: the fleet has not read it yet\.$/,
      ),
    ).toBeVisible();
  });

  it('still exports, undated, when the fleet cannot answer, and says so', async () => {
    const gateway = signedInGateway()
      .on(remOmniOps.allSetup, acmePages(2))
      .fail(fleetOps.setups, failure(503, 'The fleet snapshot is unavailable'));
    await startExport('/rem_omni/see_all?search=acme', gateway);
    await exportEnded();
    const lines = (await textOf(downloads[0]!.blob)).split('\r\n');
    expect(lines[1]).toBe('1,acme 1,Amazon (CL),false,COMPLETED,Share of Voice WF,1,,');
    expect(
      await screen.findByText(
        /^Exported 2 setups to .*\.csv\. Started and Last change are empty for these setups: the fleet has not read them yet\.$/,
      ),
    ).toBeVisible();
  });

  it('shows how far it has read, and Cancel stops it with nothing downloaded', async () => {
    const secondPage = deferred<SetupRow[]>();
    const pages = acmePages(1050);
    let held = true;
    const gateway = signedInGateway().on(remOmniOps.allSetup, (req) => {
      const { offset, limit } = req.body as { offset: number; limit: number };
      return held && limit === 100 && offset === 100 ? secondPage.promise : pages(req);
    });
    const { app, toolbar } = await startExport('/rem_omni/see_all', gateway);
    expect(await within(toolbar).findByText('Exporting: 100 of 1,050 setups')).toBeVisible();
    expect(within(toolbar).getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute(
      'aria-valuenow',
      '10',
    );
    expect(within(toolbar).getByRole('button', { name: 'Export CSV' })).toBeDisabled();

    await app.user.click(within(toolbar).getByRole('button', { name: 'Cancel export' }));
    expect(await screen.findByText('Export cancelled: nothing was downloaded.')).toBeVisible();
    expect(within(toolbar).queryByRole('progressbar')).not.toBeInTheDocument();
    held = false;
    secondPage.resolve(acmeRows(1050, 100, 100));

    // A second export runs to the end; the cancelled one asked for no page after its second.
    await app.user.click(within(toolbar).getByRole('button', { name: 'Export CSV' }));
    await exportEnded();
    const offsets = exportBodies(gateway.bodiesOf(remOmniOps.allSetup)).map(
      (b) => (b as { offset: number }).offset,
    );
    expect(offsets).toEqual([0, 100, ...Array.from({ length: 11 }, (_, i) => i * 100)]);
  });

  it('says there is nothing to export, and downloads nothing, when no setup matches the search', async () => {
    const gateway = signedInGateway().on(remOmniOps.allSetup, setupRows([], 0));
    const { toolbar } = await startExport('/rem_omni/see_all?search=nobody', gateway, () =>
      screen.findByText('No records found'),
    );
    const message = await screen.findByText('There is nothing to export.');
    expect(message.closest('.MuiSnackbar-root')).not.toBeNull();
    expect(downloads).toEqual([]);
    expect(screen.queryByText(/^Exported /)).not.toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('says why it failed, and downloads nothing', async () => {
    const gateway = signedInGateway().on(remOmniOps.allSetup, (req) =>
      (req.body as { limit: number }).limit === 100
        ? failure(502, 'Setups service is down')
        : acmePages(3)(req),
    );
    const { toolbar } = await startExport('/rem_omni/see_all', gateway);
    const message = await screen.findByText('Export failed: Setups service is down');
    expect(message.closest('.MuiSnackbar-root')).not.toBeNull();
    expect(downloads).toEqual([]);
    expect(within(toolbar).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(gateway.failedCalls()).toEqual([remOmniOps.allSetup.id]);
  });

  it("exports a product's setups through its calls, the product named in the file", async () => {
    fakeToday('2026-11-23T08:00:00Z');
    const gateway = signedInGateway()
      .on(metaOps.getRetailers, { data: [] })
      .on(productRegisterOps.productDetails, {
        productDetails: fixtures.product({ productId: 3, productName: 'Digital Shelf' }),
      })
      .on(metaOps.allSetup, acmePages(2));
    // The client links once the product is known: its name is there for the file.
    await startExport('/product/3/all_setup?search=acme', gateway, () =>
      screen.findByRole('link', { name: 'acme 2' }),
    );
    await exportEnded();
    expect(downloads[0]!.name).toBe('digital-shelf-setups-2026-11-23.csv');
    expect(exportBodies(gateway.bodiesOf(metaOps.allSetup))).toEqual([
      { searchText: 'acme', limit: 100, offset: 0, productId: 3 },
    ]);
    expect(await textOf(downloads[0]!.blob)).toContain('\r\n2,acme 2,Retailer 4 (CL),false,');
  });
});
