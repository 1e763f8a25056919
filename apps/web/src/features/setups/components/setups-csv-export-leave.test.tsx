import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { remOmniOps, type SetupRow } from '@onboarding/contracts';
import { act, screen, within } from '@testing-library/react';
import { deferred, type GatewayRequest } from '@test/fake-gateway';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { setupRows } from '@test/setups';
import { signedInGateway } from '@test/signed-in';

screenTestHooks();

let downloads: string[] = [];

// jsdom has no object URLs and no downloads: the file handed to the browser is caught here.
beforeEach(() => {
  downloads = [];
  URL.createObjectURL = () => 'blob:http://localhost/export';
  URL.revokeObjectURL = () => {};
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push(this.download);
  });
});

afterEach(() => {
  jest.restoreAllMocks();
});

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

/** The offsets of the export's page reads (100 setups a page; the list reads 20). */
const exportOffsets = (gateway: ReturnType<typeof signedInGateway>) =>
  gateway
    .bodiesOf(remOmniOps.allSetup)
    .filter((b) => (b as { limit: number }).limit === 100)
    .map((b) => (b as { offset: number }).offset);

// docs/requirements.md#setups-list-export: leaving the list stops its export.
describe('Setups list, CSV export, leaving the list', () => {
  it('asks for no further page and downloads nothing once the operator has left mid-export', async () => {
    const secondPage = deferred<SetupRow[]>();
    let held = true;
    const gateway = signedInGateway().on(remOmniOps.allSetup, (req: GatewayRequest) => {
      const { offset, limit } = req.body as { offset: number; limit: number };
      return held && limit === 100 && offset === 100
        ? secondPage.promise
        : acmeRows(1050, offset, limit);
    });
    const app = renderApp('/rem_omni/see_all', gateway);
    const toolbar = await screen.findByRole('region', { name: 'List actions' });
    await screen.findAllByRole('button', { name: /^Show details of/ });
    await app.user.click(within(toolbar).getByRole('button', { name: 'Export CSV' }));
    expect(await within(toolbar).findByText('Exporting: 100 of 1,050 setups')).toBeVisible();

    // Away from the list while its second page is still being read; then that page arrives.
    await act(() => app.router.navigate('/no/such/screen'));
    expect(screen.queryByRole('region', { name: 'List actions' })).not.toBeInTheDocument();
    held = false;
    await act(async () => {
      secondPage.resolve(acmeRows(1050, 100, 100));
      await secondPage.promise;
    });

    // Back on the list, an export of its own runs to the end: by then the one left behind
    // would have read its third page and downloaded its file.
    await act(() => app.router.navigate('/rem_omni/see_all'));
    const again = await screen.findByRole('region', { name: 'List actions' });
    await screen.findAllByRole('button', { name: /^Show details of/ });
    await app.user.click(within(again).getByRole('button', { name: 'Export CSV' }));
    // Its message is the list's last change of state: awaited before the test ends.
    await screen.findByText(/^Exported /);
    expect(downloads).toHaveLength(1);
    expect(exportOffsets(gateway)).toEqual([
      0,
      100,
      ...Array.from({ length: 11 }, (_, i) => i * 100),
    ]);
  });
});
