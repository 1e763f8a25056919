import { describe, expect, it } from '@jest/globals';
import { remOmniOps } from '@onboarding/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { deferred } from '@test/fake-gateway';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { setupRows } from '@test/setups';
import { signedInGateway } from '@test/signed-in';

screenTestHooks();

const PAGE = setupRows([
  {
    setupId: 11,
    clientName: 'acme foods',
    retailers: [
      { retailerId: 4, status: 'COMPLETED', stepName: 'sov_wf' },
      { retailerId: 7, status: 'COMPLETED', stepName: 'sov_wf' },
    ],
  },
]);

describe('Setups list, a double-click on the bulk confirm', () => {
  it('sends each row once and reloads the list once, when every row has answered', async () => {
    const answer = deferred<{ message: string }>();
    const gateway = signedInGateway()
      .on(remOmniOps.allSetup, PAGE)
      .on(remOmniOps.refreshData, () => answer.promise);
    const { user } = renderApp('/rem_omni/see_all', gateway);
    await screen.findAllByText('acme foods');
    await user.click(screen.getByRole('checkbox', { name: 'Select all setups on this page' }));
    const toolbar = screen.getByRole('region', { name: 'List actions' });
    await user.click(within(toolbar).getByRole('button', { name: 'Refresh Data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refresh Data: 2 rows' });
    const listLoads = gateway.callsTo(remOmniOps.allSetup).length;

    await user.dblClick(within(dialog).getByRole('button', { name: 'Refresh Data 2' }));
    await waitFor(() => expect(gateway.callsTo(remOmniOps.refreshData)).toHaveLength(2));
    // Nothing has answered yet: the list has not reloaded.
    expect(gateway.callsTo(remOmniOps.allSetup)).toHaveLength(listLoads);
    answer.resolve({ message: 'ok' });
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent('2 of 2 answered'),
    );
    await waitFor(() => expect(gateway.callsTo(remOmniOps.allSetup)).toHaveLength(listLoads + 1));
    expect(gateway.callsTo(remOmniOps.refreshData)).toHaveLength(2);
  });
});
