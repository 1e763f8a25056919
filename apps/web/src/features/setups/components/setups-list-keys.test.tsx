import { describe, expect, it } from '@jest/globals';
import { remOmniOps } from '@onboarding/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { acmeAndGlobex } from '@test/setups';
import { signedInGateway } from '@test/signed-in';

screenTestHooks();

/** acme foods: two COMPLETED rows; globex: FAILED at analytics and running; client 13 done. */
const PAGE = acmeAndGlobex([13]);

const announced = () => document.getElementById('keyboard-announcer')?.textContent?.trim();

/** The list with its keys loaded (they load when the page is idle). */
async function openList() {
  const gateway = signedInGateway()
    .on(remOmniOps.allSetup, PAGE)
    .on(remOmniOps.reTrigger, { message: 'Re-triggered' });
  const app = renderApp('/rem_omni/see_all', gateway);
  await screen.findByText('client 13');
  await waitFor(() => expect(document.getElementById('keyboard-announcer')).not.toBeNull());
  const row = (client: string) =>
    screen.getByRole('checkbox', { name: `Select all retailers of ${client}` }).closest('tr')!;
  const selected = () =>
    within(screen.getByRole('region', { name: 'List actions' })).getByText(/selected on this page/);
  return { app, gateway, row, selected };
}

describe('Setups list, keyboard', () => {
  it('j and k move a visible focus over the setups; x ticks the focused one; f previews the refresh', async () => {
    const { app, row, selected } = await openList();
    await app.user.keyboard('j');
    expect(row('acme foods')).toHaveFocus();
    expect(announced()).toBe(
      'Row 1 of 3, acme foods, Amazon (CL) COMPLETED; Walmart (ML) COMPLETED',
    );
    await app.user.keyboard('jj');
    expect(row('client 13')).toHaveFocus();
    await app.user.keyboard('kk');
    expect(row('acme foods')).toHaveFocus();
    await app.user.keyboard('x');
    expect(selected()).toHaveTextContent('2 selected on this page');
    await waitFor(() => expect(announced()).toBe('2 selected'));
    await app.user.keyboard('f');
    const dialog = await screen.findByRole('dialog', { name: 'Refresh Data: 2 rows' });
    expect(within(dialog).getByRole('table', { name: 'Rows to refresh data' })).toHaveTextContent(
      'Walmart (ML)',
    );
  });

  it('r previews a re-trigger of the ticked rows and sends the FAILED one', async () => {
    const { app, gateway, row, selected } = await openList();
    await app.user.keyboard('jjx');
    expect(row('globex')).toHaveFocus();
    await waitFor(() => expect(announced()).toBe('2 selected'));
    await app.user.keyboard('r');
    const dialog = await screen.findByRole('dialog', { name: 'Re-trigger: 1 row' });
    expect(within(dialog).getByRole('region', { name: 'Skipped (1)' })).toHaveTextContent(
      'globex, Target (ML): Not FAILED (now IN_PROGRESS)',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Re-trigger 1' }));
    await waitFor(() => expect(gateway.callsTo(remOmniOps.reTrigger)).toHaveLength(1));
    expect(gateway.callsTo(remOmniOps.reTrigger)[0]!.body).toMatchObject({
      setupId: 12,
      retailerId: 4,
      stepName: 'analytics',
    });
    await app.user.click(await within(dialog).findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(selected()).toHaveTextContent('0 selected on this page');
  });

  it('does nothing while the operator types in the search, or with Ctrl held', async () => {
    const { app, row, selected } = await openList();
    const search = screen.getByPlaceholderText('Search client name');
    await app.user.click(search);
    await app.user.keyboard('jx');
    expect(search).toHaveValue('jx');
    expect(selected()).toHaveTextContent('0 selected on this page');
    expect(announced()).toBe('');
    await app.user.clear(search);
    await app.user.click(screen.getByRole('heading', { name: 'Setups', level: 1 }));
    await app.user.keyboard('{Control>}j{/Control}');
    expect(row('acme foods')).not.toHaveFocus();
    expect(announced()).toBe('');
  });
});
