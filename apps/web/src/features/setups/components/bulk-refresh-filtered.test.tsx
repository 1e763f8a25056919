import { describe, expect, it } from '@jest/globals';
import { remOmniOps, viewsOps, type FleetSetup } from '@onboarding/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { fleetListFrom } from '@test/fleet';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { signedInGateway } from '@test/signed-in';

screenTestHooks();

/** acme: COMPLETED on Amazon (4, CL) and Walmart (7, ML); globex: Amazon FAILED, Walmart done. */
const SETUPS: FleetSetup[] = [
  {
    setupId: 12,
    clientName: 'globex',
    clientId: 5012,
    isNewClient: false,
    rows: [
      {
        retailerId: 4,
        retailerName: null,
        status: 'FAILED',
        stepName: 'sti',
        ismarketshareEnabled: false,
      },
      {
        retailerId: 7,
        retailerName: null,
        status: 'COMPLETED',
        stepName: 'sov_wf',
        ismarketshareEnabled: true,
      },
    ],
    forecast: null,
  },
  {
    setupId: 11,
    clientName: 'acme',
    clientId: 5011,
    isNewClient: false,
    rows: [
      {
        retailerId: 4,
        retailerName: null,
        status: 'COMPLETED',
        stepName: 'sov_wf',
        ismarketshareEnabled: false,
      },
      {
        retailerId: 7,
        retailerName: null,
        status: 'COMPLETED',
        stepName: 'sov_wf',
        ismarketshareEnabled: true,
      },
    ],
    forecast: null,
  },
];

describe('Setups list, bulk Refresh Data of a filtered list', () => {
  it('sends only the ticked rows the filters select, the others skipped and why', async () => {
    const gateway = signedInGateway()
      .on(viewsOps.fleetList, fleetListFrom(SETUPS))
      .on(remOmniOps.refreshData, { message: 'ok' });
    // Market Share: CL; a setup matches by its Amazon row, and shows its Walmart (ML) row too.
    const app = renderApp('/rem_omni/see_all?ms=0', gateway);
    await screen.findByText('acme');
    await app.user.click(screen.getByRole('checkbox', { name: 'Select all setups on this page' }));
    const toolbar = screen.getByRole('region', { name: 'List actions' });
    expect(within(toolbar).getByText('4 selected on this page')).toBeInTheDocument();
    await app.user.click(within(toolbar).getByRole('button', { name: 'Refresh Data' }));

    const dialog = await screen.findByRole('dialog', { name: 'Refresh Data: 1 row' });
    expect(
      within(within(dialog).getByRole('table', { name: 'Rows to refresh data' })).getByRole('row', {
        name: /acme/,
      }),
    ).toHaveTextContent('Amazon (CL)');
    expect(
      within(within(dialog).getByRole('region', { name: 'Skipped (3)' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'globex, Amazon (CL): Not COMPLETED (now FAILED)',
      'globex, Walmart (ML): Not selected by the filters',
      'acme, Walmart (ML): Not selected by the filters',
    ]);
    await app.user.click(within(dialog).getByRole('button', { name: 'Refresh Data 1' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent('1 of 1 answered'),
    );
    expect(gateway.callsTo(remOmniOps.refreshData).map((r) => r.body)).toEqual([
      expect.objectContaining({ setupId: 11, retailerId: 4, clientId: 5011 }),
    ]);
    // Sent as the snapshot has them: the list's rows are not read again.
    expect(gateway.callsTo(remOmniOps.allSetup)).toHaveLength(0);
  });
});
