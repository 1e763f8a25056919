import { describe, expect, it, jest } from '@jest/globals';
import { fleetOps, productRegisterOps, sessionOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { failure, type FakeGateway } from '@test/fake-gateway';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { signedInGateway } from '@test/signed-in';
import { fleetMatchingOf, healthSnapshot } from '../testing/fleet-snapshot';

screenTestHooks();

function fleetGateway(snapshot = healthSnapshot()): FakeGateway {
  return signedInGateway().on(fleetOps.health, snapshot).on(fleetOps.matching, fleetMatchingOf);
}

const SECTIONS = [
  'Setups by step and status',
  'Step durations',
  'Failures per week by step',
  'Re-trigger success rate by step',
  'Retailer × step status',
];

async function openHealth(path = '/rem_omni/health', gateway = fleetGateway()) {
  const app = renderApp(path, gateway);
  // The sections under the first render once it has painted.
  await screen.findByRole('heading', { level: 2, name: SECTIONS.at(-1) });
  const section = (name: string) => screen.getByRole('region', { name });
  const showTable = async (name: string) => {
    await app.user.click(within(section(name)).getByRole('switch', { name: 'Show as table' }));
    return within(section(name)).getByRole('table', { name });
  };
  return { app, gateway, section, showTable };
}

const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);

describe('pipeline health', () => {
  it("shows each section under its heading, with the snapshot's age on top", async () => {
    const { gateway } = await openHealth();
    expect(screen.getByRole('heading', { level: 1, name: 'Pipeline Health' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
      SECTIONS,
    );
    expect(screen.getByTestId('snapshot-age')).toHaveTextContent(/^Updated 4\d s ago$/);
    expect(gateway.callsTo(fleetOps.health).map((r) => r.query)).toEqual([{ flow: 'rem_omni' }]);
  });

  it('draws the first chart before the four sections under it, which follow after its paint', async () => {
    const frames: FrameRequestCallback[] = [];
    const raf = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
      frames.push(cb);
      return frames.length;
    });
    try {
      renderApp('/rem_omni/health', fleetGateway());
      await screen.findByRole('heading', { level: 2, name: SECTIONS[0] });
      expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(1);
      act(() => frames.splice(0).forEach((run) => run(performance.now())));
      await screen.findByRole('heading', { level: 2, name: SECTIONS.at(-1) });
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
        SECTIONS,
      );
    } finally {
      raf.mockRestore();
    }
  });

  it('shows step durations as a table in human units: p50, p90 and n per step', async () => {
    const { showTable } = await openHealth();
    const table = await showTable('Step durations');
    const rows = within(table).getAllByRole('row');
    expect(cellsOf(rows[0]!)).toEqual(['Step', 'p50', 'p90', 'n', 'Setups at the step now']);
    expect(rows.slice(1).map((row) => cellsOf(row).slice(0, 4))).toEqual([
      ['Crawling', '4 min 10 s', '2 h 5 min', '3'],
      ['STI', '45 s', '45 s', '1'],
      ['Analytics', '—', '—', '0'],
    ]);
  });

  it("shows every chart's figures as a table", async () => {
    const { showTable, section } = await openHealth();
    const byStep = await showTable('Setups by step and status');
    expect(within(byStep).getAllByRole('row').map(cellsOf)).toEqual([
      ['Step', 'Not started', 'In progress', 'Completed', 'Failed'],
      ['Crawling', '0', '0', '1', '0'],
      ['STI', '0', '2', '0', '45'],
      ['Analytics', '0', '0', '0', '0'],
      ['No step', '1', '0', '0', '0'],
    ]);
    const weeks = await showTable('Failures per week by step');
    expect(within(weeks).getAllByRole('row').map(cellsOf)).toEqual([
      ['Week of', 'STI'],
      ['9 Nov 2026', '2'],
      ['16 Nov 2026', '44'],
    ]);
    const reTriggers = await showTable('Re-trigger success rate by step');
    expect(within(reTriggers).getAllByRole('row').map(cellsOf)).toEqual([
      ['Step', 'Re-triggers', 'Succeeded', 'Failed', 'Still running', 'Success rate'],
      ['STI', '5', '3', '1', '1', '75 %'],
    ]);
    expect(
      within(reTriggers).getByRole('link', { name: 'STI on the failure board' }),
    ).toHaveAttribute('href', '/rem_omni/failures?step=sti');
    const retailers = within(section('Retailer × step status')).getByRole('table');
    expect(within(retailers).getAllByRole('row').map(cellsOf)).toEqual([
      ['Retailer', 'Crawling', 'STI', 'Analytics'],
      ['Amazon', '20 completed', '20 failed', ''],
      ['Walmart', '25 completed', '25 failed', ''],
    ]);
  });

  it("opens a bar's setups in the panel, 20 a page, asking the gateway for each page", async () => {
    const { app, gateway, showTable } = await openHealth();
    const table = await showTable('Setups by step and status');
    // The bar's count is the health answer's, said at once; its setups are the gateway's to name.
    const release = gateway.hold(fleetOps.matching);
    await app.user.click(within(table).getByRole('button', { name: 'STI, Failed: 45 setups' }));
    const panel = await screen.findByRole('region', { name: 'Matching setups' });
    expect(within(panel).getByRole('status')).toHaveTextContent(
      'STI · Failed: 45 setups · page 1 of 3',
    );
    expect(within(panel).getByRole('table', { name: 'Matching setups' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    release();
    expect(app.location()).toBe('/rem_omni/health?step=sti&status=FAILED');
    expect(await within(panel).findByRole('link', { name: 'client 20' })).toHaveAttribute(
      'href',
      '/rem_omni/details/20',
    );
    expect(screen.getByRole('heading', { name: 'Matching setups' })).toHaveFocus();

    await app.user.click(within(panel).getByRole('button', { name: 'Page 3' }));
    const last = await within(panel).findByRole('link', { name: 'client 45' });
    expect(last).toHaveAttribute('href', '/rem_omni/details/45');
    const row = last.closest('tr')!;
    expect(row).toHaveTextContent('Amazon: Failed · STI');
    expect(row).toHaveTextContent('Forecast: unknown — STI failed');
    expect(within(panel).queryByRole('link', { name: 'client 20' })).not.toBeInTheDocument();
    expect(app.location()).toBe('/rem_omni/health?step=sti&status=FAILED&page=3');
    const bar = { flow: 'rem_omni', chart: 'bucket', stepName: 'sti', status: 'FAILED' };
    expect(gateway.callsTo(fleetOps.matching).map((r) => r.query)).toEqual([
      { ...bar, offset: '0', limit: '20' },
      { ...bar, offset: '40', limit: '20' },
    ]);
    expect(within(panel).getByRole('link', { name: /failure board/ })).toHaveAttribute(
      'href',
      '/rem_omni/failures?step=sti',
    );
  });

  it('opens a double-clicked count once: Back closes the panel', async () => {
    const { app, showTable } = await openHealth();
    const table = await showTable('Setups by step and status');
    await app.user.dblClick(
      within(table).getByRole('button', { name: 'STI, In progress: 2 setups' }),
    );
    await screen.findByRole('region', { name: 'Matching setups' });
    expect(app.location()).toBe('/rem_omni/health?step=sti&status=IN_PROGRESS');
    await act(() => app.router.navigate(-1));
    await waitFor(() => expect(app.location()).toBe('/rem_omni/health'));
    expect(screen.queryByRole('region', { name: 'Matching setups' })).not.toBeInTheDocument();
  });

  it("opens a retailer cell's setups named in the address, on its later page", async () => {
    const { gateway } = await openHealth(
      '/rem_omni/health?retailer=7&step=sti&status=failed&page=2',
    );
    const panel = screen.getByRole('region', { name: 'Matching setups' });
    await waitFor(() =>
      expect(within(panel).getByRole('status')).toHaveTextContent(
        'Walmart · STI · Failed: 25 setups · page 2 of 2',
      ),
    );
    expect(await within(panel).findByRole('link', { name: 'client 45' })).toBeInTheDocument();
    expect(gateway.callsTo(fleetOps.matching).map((r) => r.query)).toEqual([
      {
        flow: 'rem_omni',
        chart: 'cell',
        retailerId: '7',
        stepName: 'sti',
        status: 'failed',
        offset: '20',
        limit: '20',
      },
    ]);
    expect(
      screen.getByRole('button', { name: 'Walmart, STI: 25 failed', pressed: true }),
    ).toBeInTheDocument();
  });

  it('says a page past the bar’s last does not exist, and goes to the last one', async () => {
    const { app } = await openHealth('/rem_omni/health?step=sti&status=FAILED&page=9');
    const panel = screen.getByRole('region', { name: 'Matching setups' });
    expect(
      await within(panel).findByText('There is no page 9: this list has 3 pages.'),
    ).toBeInTheDocument();
    await app.user.click(within(panel).getByRole('button', { name: 'Go to the last page' }));
    expect(await within(panel).findByRole('link', { name: 'client 45' })).toBeInTheDocument();
    expect(app.location()).toBe('/rem_omni/health?step=sti&status=FAILED&page=3');
  });

  it('says a bar the snapshot no longer has matches no setup', async () => {
    await openHealth('/rem_omni/health?step=analytics&status=FAILED');
    const panel = screen.getByRole('region', { name: 'Matching setups' });
    expect(
      await within(panel).findByText('No setup matches this in the current snapshot.'),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('status')).toHaveTextContent('Analytics · Failed: 0 setups');
    expect(within(panel).queryByRole('table')).not.toBeInTheDocument();
  });

  it("opens a week's failed setups, and the step's group on the failure board", async () => {
    const { app, gateway, showTable } = await openHealth();
    const weeks = await showTable('Failures per week by step');
    await app.user.click(
      within(weeks).getByRole('button', { name: 'STI, week of 9 Nov 2026: 2 failures' }),
    );
    const panel = await screen.findByRole('region', { name: 'Matching setups' });
    expect(app.location()).toBe('/rem_omni/health?week=2026-11-09&step=sti');
    await waitFor(() =>
      expect(within(panel).getByRole('status')).toHaveTextContent(
        'STI failures in the week of 9 Nov 2026: 2 setups',
      ),
    );
    expect(await within(panel).findByRole('link', { name: 'client 4' })).toBeInTheDocument();
    // The failure board reads the snapshot's failures, and scrolls to the group (jsdom has no
    // scrolling: stood in for while this test runs).
    gateway.on(fleetOps.failures, fixtures.fleetFailures());
    const scrolled = jest.fn();
    Element.prototype.scrollIntoView = scrolled;
    try {
      await app.user.click(
        within(panel).getByRole('link', { name: 'Open the STI group on the failure board' }),
      );
      await waitFor(() => expect(app.location()).toBe('/rem_omni/failures?step=sti'));
      const group = await screen.findByRole('button', { name: 'STI' });
      await waitFor(() => expect(group).toHaveFocus());
      expect(group).toHaveAttribute('aria-expanded', 'true');
      expect(scrolled).toHaveBeenCalledTimes(1);
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('keeps showing a stale snapshot under a warning with the error', async () => {
    await openHealth(
      '/rem_omni/health',
      fleetGateway(
        healthSnapshot({
          state: 'stale',
          error: { message: 'Customer setup API unavailable', at: '2026-11-20T10:05:00.000Z' },
        }),
      ),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The last refresh failed: Customer setup API unavailable. Showing the snapshot taken',
    );
    expect(screen.getByRole('region', { name: 'Step durations' })).toBeInTheDocument();
  });

  it("shows the first read's progress, and asks again until the snapshot is there", async () => {
    const building = healthSnapshot({
      state: 'building',
      takenAt: null,
      ageSeconds: null,
      refreshing: true,
      progress: { read: 340, total: 512 },
      metrics: null,
    });
    const gateway = signedInGateway()
      .on(fleetOps.health, building)
      .on(fleetOps.matching, fleetMatchingOf);
    renderApp('/rem_omni/health', gateway);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Reading the fleet for the first time: read 340 of 512 workflows.',
    );
    expect(screen.queryByRole('region', { name: 'Step durations' })).not.toBeInTheDocument();
    gateway.on(fleetOps.health, healthSnapshot());
    expect(await screen.findByRole('region', { name: 'Step durations' })).toBeInTheDocument();
    expect(gateway.callsTo(fleetOps.health).length).toBeGreaterThanOrEqual(2);
  });

  it('says why no snapshot could be read, and Retry asks again', async () => {
    const gateway = signedInGateway()
      .on(
        fleetOps.health,
        healthSnapshot({
          state: 'unavailable',
          takenAt: null,
          ageSeconds: null,
          metrics: null,
          error: { message: 'Customer setup API unavailable', at: '2026-11-20T10:05:00.000Z' },
        }),
      )
      .on(fleetOps.matching, fleetMatchingOf);
    const app = renderApp('/rem_omni/health', gateway);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The fleet could not be read: Customer setup API unavailable',
    );
    gateway.on(fleetOps.health, healthSnapshot());
    await app.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Step durations' })).toBeInTheDocument();
  });

  it('says the snapshot could not be loaded when the call fails, with Retry', async () => {
    const gateway = fleetGateway().fail(fleetOps.health, failure(502, 'Bad gateway'));
    const app = renderApp('/rem_omni/health', gateway);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The fleet snapshot could not be loaded: Bad gateway',
    );
    gateway.heal(fleetOps.health);
    await app.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Step durations' })).toBeInTheDocument();
  });

  it("reads a product's flow, and links its setups and failure board", async () => {
    const gateway = fleetGateway().on(productRegisterOps.productDetails, {
      productDetails: fixtures.product({ productId: 3, productName: 'Catalog Checker' }),
    });
    const { showTable } = await openHealth('/product/3/health', gateway);
    expect(gateway.callsTo(fleetOps.health).map((r) => r.query)).toEqual([
      { flow: 'meta', productId: '3' },
    ]);
    expect(await screen.findByText('Product: Catalog Checker')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Failures' })).toHaveAttribute(
      'href',
      '/product/3/failures',
    );
    const table = await showTable('Setups by step and status');
    expect(within(table).getByRole('button', { name: 'STI, In progress: 2 setups' })).toBeEnabled();
  });

  it.each([
    ['/rem_omni/health', 'The fleet snapshot has no setups of this flow.'],
    ['/product/3/health', 'The fleet snapshot has no setups of this product.'],
  ])('at %s, a snapshot without the flow says: %s', async (path, text) => {
    const gateway = fleetGateway(healthSnapshot({ metrics: null })).on(
      productRegisterOps.productDetails,
      { productDetails: fixtures.product({ productId: 3, productName: 'Catalog Checker' }) },
    );
    renderApp(path, gateway);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: SECTIONS[0] })).not.toBeInTheDocument();
  });

  it('shows Page not found for a bad product id, asking nothing but the session', async () => {
    const gateway = fleetGateway();
    renderApp('/product/abc/health', gateway);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(gateway.requests.map((r) => r.op)).toEqual([sessionOps.config.id]);
  });
});
