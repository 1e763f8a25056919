import { afterEach, describe, expect, it } from '@jest/globals';
import {
  fleetOps,
  remOmniOps,
  viewsOps,
  type FleetFailure,
  type FleetFailures,
} from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { fleetListFrom, fleetSetup, fleetSetupsFrom, forecast } from '@test/fleet';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { setupRows } from '@test/setups';
import { signedInGateway } from '@test/signed-in';

screenTestHooks();

const at = (hhmm: string) => `2026-11-20T${hhmm}:00.000Z`;

/**
 * Setups 1–8, each failed once at STI on Amazon (4) at 11:0n; 2 and 5 on Walmart (7) instead,
 * 3 and 5 ML, 4 a prospect.
 */
function failures(): FleetFailure[] {
  return Array.from({ length: 8 }, (_, i) => {
    const setupId = i + 1;
    return {
      setupId,
      clientName: `client ${setupId}`,
      clientId: 500 + setupId,
      isNewClient: setupId === 4,
      retailerId: setupId === 2 || setupId === 5 ? 7 : 4,
      retailerName: null,
      ismarketshareEnabled: setupId === 3 || setupId === 5,
      stepName: 'sti',
      message: 'STI rejected the taxonomy',
      failedAt: at(`11:0${setupId}`),
    };
  });
}

const snapshot = (): FleetFailures =>
  fixtures.fleetFailures({
    takenAt: new Date(Date.now() - 12_000).toISOString(),
    ageSeconds: 12,
    steps: ['sti'],
    failures: failures(),
  });

function gateway() {
  return signedInGateway()
    .on(fleetOps.failures, snapshot)
    .on(remOmniOps.allSetup, setupRows([]))
    .on(viewsOps.fleetList, fleetListFrom([fleetSetup(3, null)]));
}

/** The board at `path`, once its count line says how many failed rows it shows. */
async function openBoard(path: string, count: RegExp, gw = gateway()) {
  const app = renderApp(path, gw);
  await screen.findByText(count);
  return { app, gateway: gw };
}

const filters = () => screen.getByRole('group', { name: 'Filters' });

describe('failure board, the fleet filters', () => {
  afterEach(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it("a filtered list's Failures link carries its filters, and the board shows only the failures they match", async () => {
    const app = renderApp('/rem_omni/see_all?status=FAILED&ms=1&prospect=0', gateway());
    const link = await screen.findByRole('link', { name: 'Failures' });
    expect(link).toHaveAttribute('href', '/rem_omni/failures?status=FAILED&ms=1&prospect=0');
    await app.user.click(link);
    expect(await screen.findByText(/^2 failed rows in 2 setups/)).toBeInTheDocument();
    // Every board row is FAILED: the board's address drops the status.
    expect(app.location()).toBe('/rem_omni/failures?ms=1&prospect=0');
    expect(
      within(filters()).getByRole('button', { name: 'Remove filter Market Share: ML' }),
    ).toBeInTheDocument();
    expect(
      within(filters()).getByRole('button', { name: 'Remove filter Client: Clients' }),
    ).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'STI' }));
    const clients = within(screen.getByRole('region', { name: /^STI$/ }))
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(clients).toEqual(['client 5', 'client 3']);
  });

  it("the board keeps the list's filters and one step, not its page, search or several steps", async () => {
    // The board scrolls to the step's group, which jsdom cannot.
    Element.prototype.scrollIntoView = () => {};
    const app = renderApp('/rem_omni/see_all?step=sti&ms=1&page=2&search=acme', gateway());
    await app.user.click(await screen.findByRole('link', { name: 'Failures' }));
    await waitFor(() => expect(app.location()).toBe('/rem_omni/failures?step=sti&ms=1'));
    await act(() => app.router.navigate('/rem_omni/failures?step=sti,analytics&ms=1'));
    await waitFor(() => expect(app.location()).toBe('/rem_omni/failures?ms=1'));
    expect(await screen.findByText(/^2 failed rows in 2 setups/)).toBeInTheDocument();
  });

  it('a retailer and a failure time narrow to the rows that failed then at that retailer', async () => {
    await openBoard(
      `/rem_omni/failures?retailer=4&failedSince=${encodeURIComponent(at('11:04'))}`,
      /^4 failed rows in 4 setups/,
    );
    expect(
      within(filters()).getByRole('button', { name: 'Remove filter Retailer: Amazon' }),
    ).toBeInTheDocument();
  });

  it('a filter removed leaves the others, in the address too; Clear filters shows every failure', async () => {
    const { app } = await openBoard('/rem_omni/failures?ms=1&prospect=0', /^2 failed rows/);
    await app.user.click(screen.getByRole('button', { name: 'Remove filter Market Share: ML' }));
    expect(await screen.findByText(/^7 failed rows in 7 setups/)).toBeInTheDocument();
    expect(app.location()).toBe('/rem_omni/failures?prospect=0');
    await app.user.click(within(filters()).getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText(/^8 failed rows in 8 setups/)).toBeInTheDocument();
    expect(app.location()).toBe('/rem_omni/failures');
    expect(screen.queryByRole('group', { name: 'Filters' })).not.toBeInTheDocument();
  });

  it('a step opened stays open, with its rows, when a filter is removed or cleared', async () => {
    const { app } = await openBoard('/rem_omni/failures?ms=1&prospect=0', /^2 failed rows/);
    await app.user.click(screen.getByRole('button', { name: 'STI' }));
    await app.user.click(screen.getByRole('button', { name: 'Remove filter Market Share: ML' }));
    expect(await screen.findByText(/^7 failed rows in 7 setups/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'STI' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'client 1' })).toBeInTheDocument();
    await app.user.click(within(filters()).getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText(/^8 failed rows in 8 setups/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'client 4' })).toBeInTheDocument();
  });

  it("slow reads the failed setups' forecasts and keeps the setups with a step past its p90", async () => {
    const slowStep = { retailerId: 9, stepName: 'crawling', elapsedMs: 9e6, p90Ms: 1e6 };
    const setups = Array.from({ length: 8 }, (_, i) =>
      fleetSetup(i + 1, forecast(i + 1, { state: 'failed', slow: i === 5 ? [slowStep] : [] })),
    );
    const gw = gateway().on(fleetOps.setups, fleetSetupsFrom(setups));
    await openBoard('/rem_omni/failures?slow=1', /^1 failed row in 1 setup/, gw);
    expect(gw.callsTo(fleetOps.setups).map((r) => r.query.setupIds)).toEqual(['1,2,3,4,5,6,7,8']);
    await screen.findByRole('button', { name: 'Remove filter Slow: Slow' });
  });

  it('says when no failure matches, and names a bad filter of the address', async () => {
    renderApp('/rem_omni/failures?retailer=99&ms=2', gateway());
    expect(await screen.findByText('No failed row matches the filters.')).toBeInTheDocument();
    expect(
      screen.getByText('Ignored filter in the address: ms (Must be 0 or 1).'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/No failed rows: every setup/)).not.toBeInTheDocument();
  });

  it('Change them on the list opens the list with the same filters', async () => {
    const { app } = await openBoard('/rem_omni/failures?ms=1', /^2 failed rows/);
    await app.user.click(screen.getByRole('link', { name: 'Change them on the list' }));
    await waitFor(() => expect(app.location()).toBe('/rem_omni/see_all?ms=1'));
  });
});
