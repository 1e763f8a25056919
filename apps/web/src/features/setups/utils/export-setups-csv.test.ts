import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  fleetOps,
  metaOps,
  remOmniOps,
  viewsOps,
  type FleetSetup,
  type SetupRow,
} from '@onboarding/contracts';
import { catchDownloads, type Download, fakeToday, fileText } from '@test/downloads';
import { FakeGateway, failure, type GatewayRequest } from '@test/fake-gateway';
import { fleetListFrom, fleetSetup, fleetSetupsFrom } from '@test/fleet';
import { screenTestHooks } from '@test/screen-hooks';
import { setupRows } from '@test/setups';
import { productFlow, REM_OMNI_FLOW } from '@/lib/setup-flow';
import type { WalkProgress } from '@/lib/walk-pages';
import { exportSetupsCsv, undatedNote, type ExportRequest } from './export-setups-csv';

screenTestHooks();

const HEADER =
  'Sr No.,Client/Prospect Name,Retailer,is New Client,Status,Step,Setup Id,Started,Last change';
const NAMES = new Map([
  [4, 'Amazon'],
  [7, 'Walmart'],
]);

let downloads: Download[] = [];
let revoked: string[] = [];

beforeEach(() => {
  ({ downloads, revoked } = catchDownloads());
});

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

/** Today is 23 November 2026 (the file's name); `timers`: setTimeout is faked as well. */
const today = (timers = false) => fakeToday('2026-11-23T23:30:00Z', { timers });

/** The file's lines (the last one ends with CRLF, as every line does). */
async function linesOf(download: Download | undefined): Promise<string[]> {
  const text = await fileText(download!.blob);
  expect(text.endsWith('\r\n')).toBe(true);
  return text.slice(0, -2).split('\r\n');
}

/**
 * Setups 1…`total` of the search, "client <id>", each one COMPLETED Amazon row; setup 1 also has
 * a Walmart ML row FAILED at STI. allSetup answers the page its body asks, by setups.
 */
function searchPages(total: number) {
  return (req: GatewayRequest): SetupRow[] => {
    const { limit, offset } = req.body as { limit: number; offset: number };
    const count = Math.max(0, Math.min(limit, total - offset));
    const ids = Array.from({ length: count }, (_, i) => offset + i + 1);
    return setupRows(
      ids.map((setupId) => ({
        setupId,
        clientName: `client ${setupId}`,
        retailers: [
          { retailerId: 4, status: 'COMPLETED', stepName: 'sov_wf' },
          ...(setupId === 1
            ? [{ retailerId: 7, status: 'FAILED', stepName: 'sti', ismarketshareEnabled: true }]
            : []),
        ],
      })),
      total,
    );
  };
}

const dated = (setupId: number, startedAt: string | null): FleetSetup => ({
  ...fleetSetup(setupId, null),
  startedAt,
  lastChangeAt: '2026-11-20T09:30:00.000Z',
});

function request(fields: Partial<ExportRequest> = {}) {
  const progress: WalkProgress[] = [];
  const controller = new AbortController();
  const exportRequest: ExportRequest = {
    flow: REM_OMNI_FLOW,
    searchText: 'client',
    filter: {},
    retailerNames: NAMES,
    productName: undefined,
    onProgress: (p) => progress.push(p),
    signal: controller.signal,
    ...fields,
  };
  return { exportRequest, progress, controller };
}

describe('exporting the searched setups', () => {
  it('writes every page, numbered across pages, with the dates the fleet read', async () => {
    today();
    const gateway = new FakeGateway()
      .on(remOmniOps.allSetup, searchPages(101))
      .on(
        fleetOps.setups,
        fleetSetupsFrom([
          dated(1, '2026-11-01T10:00:00.000Z'),
          dated(2, null),
          dated(101, '2026-11-05T10:00:00.000Z'),
        ]),
      )
      .install();
    const { exportRequest, progress } = request();

    const result = await exportSetupsCsv(exportRequest);

    // Setup 2 was read, not started yet: dated by its Last change, so not undated.
    expect(result).toEqual({ fileName: 'setups-2026-11-23.csv', setups: 101, undated: 98 });
    expect(progress).toEqual([
      { setups: 100, total: 101 },
      { setups: 101, total: 101 },
    ]);
    expect(gateway.bodiesOf(remOmniOps.allSetup)).toEqual([
      { searchText: 'client', limit: 100, offset: 0 },
      { searchText: 'client', limit: 100, offset: 100 },
    ]);
    // Each setup's dates asked once, a hundred a call.
    const first100 = Array.from({ length: 100 }, (_, i) => i + 1).join(',');
    expect(gateway.callsTo(fleetOps.setups).map((r) => r.query)).toEqual([
      { flow: 'rem_omni', setupIds: first100 },
      { flow: 'rem_omni', setupIds: '101' },
    ]);

    expect(downloads.map((d) => [d.name, d.hidden, d.connected, d.blob.type])).toEqual([
      ['setups-2026-11-23.csv', true, true, 'text/csv;charset=utf-8'],
    ]);
    const lines = await linesOf(downloads[0]);
    expect(lines).toHaveLength(1 + 102);
    expect(lines.slice(0, 4)).toEqual([
      `\uFEFF${HEADER}`,
      '1,client 1,Amazon (CL),false,COMPLETED,Share of Voice WF,1,' +
        '2026-11-01T10:00:00.000Z,2026-11-20T09:30:00.000Z',
      '1,client 1,Walmart (ML),false,FAILED,STI,1,' +
        '2026-11-01T10:00:00.000Z,2026-11-20T09:30:00.000Z',
      '2,client 2,Amazon (CL),false,COMPLETED,Share of Voice WF,2,,2026-11-20T09:30:00.000Z',
    ]);
    expect(lines.slice(-2)).toEqual([
      '100,client 100,Amazon (CL),false,COMPLETED,Share of Voice WF,100,,',
      '101,client 101,Amazon (CL),false,COMPLETED,Share of Voice WF,101,' +
        '2026-11-05T10:00:00.000Z,2026-11-20T09:30:00.000Z',
    ]);
    expect(document.querySelector('a')).toBeNull();
  });

  it("names a product's file after the product and reads its own flow", async () => {
    today();
    const gateway = new FakeGateway()
      .on(metaOps.allSetup, searchPages(1))
      .on(fleetOps.setups, fleetSetupsFrom([dated(1, '2026-11-01T10:00:00.000Z')]))
      .install();
    const { exportRequest } = request({
      flow: productFlow(7),
      searchText: '',
      productName: 'Shelf Insights / EU',
      retailerNames: undefined,
    });

    const result = await exportSetupsCsv(exportRequest);

    expect(result).toEqual({
      fileName: 'shelf-insights-eu-setups-2026-11-23.csv',
      setups: 1,
      undated: 0,
    });
    expect(gateway.bodiesOf(metaOps.allSetup)).toEqual([
      { searchText: '', limit: 100, offset: 0, productId: 7 },
    ]);
    expect(gateway.callsTo(fleetOps.setups).map((r) => r.query)).toEqual([
      { flow: 'meta', productId: '7', setupIds: '1' },
    ]);
    expect((await linesOf(downloads[0])).slice(1)).toEqual([
      '1,client 1,Retailer 4 (CL),false,COMPLETED,Share of Voice WF,1,' +
        '2026-11-01T10:00:00.000Z,2026-11-20T09:30:00.000Z',
      '1,client 1,Retailer 7 (ML),false,FAILED,STI,1,' +
        '2026-11-01T10:00:00.000Z,2026-11-20T09:30:00.000Z',
    ]);
  });

  it('still downloads when the dates cannot be read, leaving the rest undated', async () => {
    const gateway = new FakeGateway()
      .on(remOmniOps.allSetup, searchPages(101))
      .fail(fleetOps.setups, failure(502, 'Fleet snapshot unavailable'))
      .install();
    const { exportRequest } = request();

    const result = await exportSetupsCsv(exportRequest);

    expect(result).toMatchObject({ setups: 101, undated: 101 });
    // The first failed read ends the reading: the next hundred are not asked.
    expect(gateway.callsTo(fleetOps.setups)).toHaveLength(1);
    const lines = await linesOf(downloads[0]);
    expect(lines[1]).toBe('1,client 1,Amazon (CL),false,COMPLETED,Share of Voice WF,1,,');
  });

  it('downloads nothing and asks no dates when the search has no setup', async () => {
    const gateway = new FakeGateway().on(remOmniOps.allSetup, []).install();
    const { exportRequest, progress } = request();

    await expect(exportSetupsCsv(exportRequest)).resolves.toEqual({
      fileName: null,
      setups: 0,
      undated: 0,
    });
    expect(progress).toEqual([{ setups: 0, total: 0 }]);
    expect(gateway.callsTo(fleetOps.setups)).toEqual([]);
    expect(downloads).toEqual([]);
  });

  it('lets the object URL live a minute after the download, then frees it', async () => {
    today(true);
    new FakeGateway()
      .on(remOmniOps.allSetup, searchPages(1))
      .on(fleetOps.setups, fleetSetupsFrom([]))
      .install();

    await exportSetupsCsv(request().exportRequest);

    const url = downloads[0]!.href;
    jest.advanceTimersByTime(59_999);
    expect(revoked).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(revoked).toEqual([url]);
  });
});

describe('exporting the filtered setups', () => {
  it("writes every setup the fleet's filters match, with the snapshot's own dates", async () => {
    today();
    const globex: FleetSetup = {
      ...dated(22, null),
      clientName: 'globex',
      isNewClient: true,
      rows: [
        {
          retailerId: 7,
          retailerName: null,
          status: 'FAILED',
          stepName: 'analytics',
          ismarketshareEnabled: true,
        },
      ],
    };
    const gateway = new FakeGateway()
      .on(viewsOps.fleetList, fleetListFrom([dated(21, '2026-11-02T08:00:00.000Z'), globex]))
      .install();
    const { exportRequest, progress } = request({ filter: { status: ['FAILED'] } });

    const result = await exportSetupsCsv(exportRequest);

    // globex has no start but a Last change: dated.
    expect(result).toEqual({ fileName: 'setups-2026-11-23.csv', setups: 2, undated: 0 });
    expect(progress).toEqual([{ setups: 2, total: 2 }]);
    expect(gateway.callsTo(viewsOps.fleetList).map((r) => r.query)).toEqual([
      { flow: 'rem_omni', status: 'FAILED', offset: '0', limit: '100' },
    ]);
    expect(gateway.callsTo(remOmniOps.allSetup)).toEqual([]);
    expect(gateway.callsTo(fleetOps.setups)).toEqual([]);
    expect(await linesOf(downloads[0])).toEqual([
      `\uFEFF${HEADER}`,
      '1,client 21,Amazon (CL),false,IN_PROGRESS,STI,21,' +
        '2026-11-02T08:00:00.000Z,2026-11-20T09:30:00.000Z',
      '2,globex,Walmart (ML),true,FAILED,Analytics,22,,2026-11-20T09:30:00.000Z',
    ]);
  });
});

describe('cancelling an export', () => {
  it('stops at the page answered after Cancel and downloads nothing', async () => {
    const gateway = new FakeGateway().on(remOmniOps.allSetup, searchPages(250)).install();
    const { exportRequest, progress, controller } = request({
      onProgress: (p) => {
        progress.push(p);
        controller.abort();
      },
    });

    await expect(exportSetupsCsv(exportRequest)).rejects.toMatchObject({ name: 'AbortError' });
    expect(progress).toEqual([{ setups: 100, total: 250 }]);
    expect(gateway.callsTo(fleetOps.setups)).toEqual([]);
    expect(downloads).toEqual([]);
  });

  it('asks no more dates once cancelled while they are read', async () => {
    const { exportRequest, controller } = request();
    const gateway = new FakeGateway()
      .on(remOmniOps.allSetup, searchPages(150))
      .on(fleetOps.setups, (req: GatewayRequest) => {
        controller.abort();
        return fleetSetupsFrom([])(req);
      })
      .install();

    await expect(exportSetupsCsv(exportRequest)).rejects.toMatchObject({ name: 'AbortError' });
    expect(gateway.callsTo(fleetOps.setups)).toHaveLength(1);
    expect(downloads).toEqual([]);
  });
});

describe("the export notification's note on undated lines", () => {
  it('adds nothing when every line has its dates', () => {
    expect(undatedNote(0, 12)).toBe('');
  });

  it('speaks of the setups exported when none of them has dates', () => {
    expect(undatedNote(1, 1)).toBe(
      '. Started and Last change are empty for this setup: the fleet has not read it yet.',
    );
    expect(undatedNote(3, 3)).toBe(
      '. Started and Last change are empty for these setups: the fleet has not read them yet.',
    );
  });

  it('counts the undated setups when only some are', () => {
    expect(undatedNote(1, 5)).toBe(
      '. Started and Last change are empty for 1 setup: the fleet has not read it yet.',
    );
    expect(undatedNote(2, 3)).toBe(
      '. Started and Last change are empty for 2 setups: the fleet has not read them yet.',
    );
    expect(undatedNote(1234, 2000)).toBe(
      '. Started and Last change are empty for 1,234 setups: the fleet has not read them yet.',
    );
  });
});
