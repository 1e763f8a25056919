import { describe, expect, it } from '@jest/globals';
import { fleetOps, remOmniOps, type FleetFailure } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { signedInGateway } from '@test/signed-in';
import { formatDateTime } from '@/lib/format-date';

screenTestHooks();

const at = (setupId: number) => `2026-11-20T11:0${setupId}:00.000Z`;

/** Setups 1–4 failed at STI on Amazon (4), 4 the newest. */
const FAILURES: FleetFailure[] = [1, 2, 3, 4].map((setupId) => ({
  setupId,
  clientName: `client ${setupId}`,
  clientId: 500 + setupId,
  isNewClient: false,
  retailerId: 4,
  retailerName: null,
  ismarketshareEnabled: false,
  stepName: 'sti',
  message: null,
  failedAt: at(setupId),
}));

const announced = () => document.getElementById('keyboard-announcer')?.textContent?.trim();

/** The board with its STI group open and its keys loaded (they load when the page is idle). */
async function openBoard() {
  const gateway = signedInGateway()
    .on(fleetOps.failures, fixtures.fleetFailures({ steps: ['sti'], failures: FAILURES }))
    .on(remOmniOps.reTrigger, { message: 'ok' });
  const app = renderApp('/rem_omni/failures', gateway);
  await app.user.click(await screen.findByRole('button', { name: 'STI' }));
  await waitFor(() => expect(document.getElementById('keyboard-announcer')).not.toBeNull());
  const row = (client: string) => screen.getByRole('row', { name: new RegExp(`${client}\\b`) });
  const status = () => screen.getByText(/failed rows in/);
  return { app, gateway, row, status };
}

describe('failure board, keyboard', () => {
  it('j and k move a visible row focus over the open rows, each row announced', async () => {
    const { app, row } = await openBoard();
    await app.user.keyboard('j');
    expect(row('client 4')).toHaveFocus();
    expect(announced()).toBe(
      `Row 1 of 4, client 4, Amazon (CL), STI, failed ${formatDateTime(at(4))}, setup 4`,
    );
    await app.user.keyboard('jj');
    expect(row('client 2')).toHaveFocus();
    expect(announced()).toMatch(/^Row 3 of 4, client 2, /);
    await app.user.keyboard('k');
    expect(row('client 3')).toHaveFocus();
    // One tab stop among the rows: the focused one.
    expect(row('client 3')).toHaveAttribute('tabindex', '0');
    expect(row('client 2')).not.toHaveAttribute('tabindex');
    await app.user.keyboard('kkk');
    expect(row('client 4')).toHaveFocus();
    expect(announced()).toMatch(/^Row 1 of 4, /);
  });

  it('x selects the focused row and says how many are selected; r and f open their previews', async () => {
    const { app, row, status } = await openBoard();
    await app.user.keyboard('jx');
    expect(within(row('client 4')).getByRole('checkbox')).toBeChecked();
    expect(status()).toHaveTextContent('· 1 selected');
    await waitFor(() => expect(announced()).toBe('1 selected'));
    await app.user.keyboard('jx');
    await waitFor(() => expect(announced()).toBe('2 selected'));
    await app.user.keyboard('kx');
    await waitFor(() => expect(announced()).toBe('1 selected'));
    expect(within(row('client 4')).getByRole('checkbox')).not.toBeChecked();
    expect(within(row('client 3')).getByRole('checkbox')).toBeChecked();

    await app.user.keyboard('r');
    const reTrigger = await screen.findByRole('dialog', { name: 'Re-trigger: 1 row' });
    expect(reTrigger).toHaveTextContent('client 3');
    await app.user.click(within(reTrigger).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Closing a preview clears the board's selection; focus is back on the row.
    expect(status()).toHaveTextContent('· 0 selected');
    expect(row('client 4')).toHaveFocus();
    await app.user.keyboard('x');
    await waitFor(() => expect(announced()).toBe('1 selected'));

    await app.user.keyboard('f');
    const refresh = await screen.findByRole('dialog', { name: 'Refresh Data: 0 rows' });
    expect(within(refresh).getByRole('region', { name: 'Skipped (1)' })).toHaveTextContent(
      'client 4, Amazon (CL): Not COMPLETED (now FAILED)',
    );
  });

  it('r with nothing selected opens nothing and says how to select', async () => {
    const { app } = await openBoard();
    await app.user.keyboard('r');
    expect(announced()).toBe('Nothing selected: press x to select the focused row.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await app.user.keyboard('x');
    expect(announced()).toBe('No row focused: press j to move to the first row.');
  });

  it('does nothing with Ctrl, Alt or Meta held, or while a dialog is open', async () => {
    const { app, row, gateway } = await openBoard();
    await app.user.keyboard('{Control>}j{/Control}{Alt>}j{/Alt}{Meta>}j{/Meta}');
    expect(row('client 4')).not.toHaveFocus();
    expect(announced()).toBe('');

    await app.user.keyboard('jx');
    await app.user.keyboard('r');
    const dialog = await screen.findByRole('dialog', { name: 'Re-trigger: 1 row' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    const before = announced();
    await app.user.keyboard('jxr');
    expect(announced()).toBe(before);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(gateway.callsTo(remOmniOps.reTrigger)).toHaveLength(0);
  });
});
