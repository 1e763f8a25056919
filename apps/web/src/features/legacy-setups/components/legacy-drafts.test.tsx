import { describe, expect, test } from '@jest/globals';
import { legacyOps, sessionOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { act, fireEvent, screen } from '@testing-library/react';
import { envelope } from '@test/fake-gateway';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { OPERATOR } from '@test/signed-in';
import { fakeLegacyService } from '../testing/fake-legacy-service';

screenTestHooks();

const SIGNED_OUT = envelope(401, 'UNAUTHENTICATED', 'Sign in first');
const OPS = [sessionOps.config, legacyOps.getSetup, legacyOps.editSetup, legacyOps.status];

describe('a session that ends while a legacy setup is edited', () => {
  test('Update Setup leads to sign-in saying so, without the failure text, and the edit is back after signing in again', async () => {
    const { gateway } = fakeLegacyService([
      fixtures.legacySetup({ setupId: 1, clientName: 'Globex', currentStatus: 'onTrack' }),
    ]);
    gateway.on(sessionOps.config, fixtures.sessionConfig({ user: { email: OPERATOR } }));
    const { user, router, location } = renderApp('/customer-setup/edit/1', gateway);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Status Details' }), {
      target: { value: 'Waiting on the retailer list' },
    });
    // Signed out in another tab: every call now answers 401.
    for (const op of OPS) gateway.fail(op, SIGNED_OUT);
    await user.click(screen.getByRole('button', { name: 'Update Setup' }));

    expect(await screen.findByText('Your session ended — sign in again')).toBeInTheDocument();
    expect(location()).toBe('/login?returnTo=%2Fcustomer-setup%2Fedit%2F1');
    expect(screen.queryByText(/could not be saved/)).not.toBeInTheDocument();

    for (const op of OPS) gateway.heal(op);
    await act(() => router.navigate('/customer-setup/edit/1'));
    expect(await screen.findByRole('textbox', { name: 'Status Details' })).toHaveValue(
      'Waiting on the retailer list',
    );
  });
});
