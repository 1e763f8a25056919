import { describe, expect, test } from '@jest/globals';
import { legacyOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routePattern } from '@/lib/routes';
import { renderRoutes } from '@test/render-routes';
import { screenTestHooks } from '@test/screen-hooks';
import { fakeLegacyService } from '../testing/fake-legacy-service';
import { CompletedPage } from './completed-page';
import { OngoingPage } from './ongoing-page';
import { SetupFormPage } from './setup-form-page';

const routes = [
  { path: routePattern('ongoing'), element: <OngoingPage /> },
  { path: routePattern('completed'), element: <CompletedPage /> },
  { path: routePattern('edit'), element: <SetupFormPage /> },
];

const acme = fixtures.legacySetup({ setupId: 1, clientName: 'Acme', currentStatus: 'onTrack' });
const umbrella = fixtures.legacySetup({
  setupId: 3,
  clientName: 'Umbrella',
  currentStatus: 'completed',
  statusDetails: 'Signed off',
  expectedSignoffDate: '2024-05-01',
});

screenTestHooks();

const setup = () => userEvent.setup({ delay: null });

describe('Mark As Complete', () => {
  test('asks first, naming the client and saying it cannot be undone; Cancel sends nothing', async () => {
    const service = fakeLegacyService([acme]);
    const user = setup();
    const { router } = renderRoutes(routes, '/customer-setup/edit/1');
    await user.click(await screen.findByRole('button', { name: 'Mark As Complete' }));

    const dialog = await screen.findByRole('dialog', { name: 'Mark Acme as complete?' });
    expect(dialog).toHaveTextContent('A completed setup can no longer be edited.');
    expect(service.gateway.callsTo(legacyOps.editSetup)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(service.gateway.callsTo(legacyOps.editSetup)).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/customer-setup/edit/1');
  });

  test('sends one completion once confirmed, even for a double-click on the confirmation', async () => {
    const service = fakeLegacyService([acme]);
    const user = setup();
    const { router } = renderRoutes(routes, '/customer-setup/edit/1');
    await user.click(await screen.findByRole('button', { name: 'Mark As Complete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Acme as complete?' });
    await user.dblClick(within(dialog).getByRole('button', { name: 'Mark As Complete' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/customer-setup/ongoing'));
    const calls = service.gateway.callsTo(legacyOps.editSetup);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({ setupId: 1, currentStatus: 'completed' });
  });
});

describe('a completed setup opened by its address', () => {
  test('shows every field read-only, says it is completed, offers no save and leads back to the completed list', async () => {
    const service = fakeLegacyService([umbrella]);
    const user = setup();
    const { router } = renderRoutes(routes, '/customer-setup/edit/3');

    expect(
      await screen.findByText('This setup is completed. It can no longer be edited.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Client Name/ })).toHaveAttribute('readonly');
    for (const label of ['Start Date', 'Date of AVC', 'Date of AMS', 'Expected Signoff Date']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('readonly');
    }
    expect(screen.getByRole('textbox', { name: 'Status Details' })).toHaveAttribute('readonly');
    expect(screen.getByRole('combobox', { name: /Current Status/ })).toHaveAttribute(
      'aria-readonly',
      'true',
    );
    expect(screen.queryByRole('button', { name: 'Update Setup' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark As Complete' })).toBeNull();

    // Typing changes nothing, and nothing asks on the way out.
    await user.type(screen.getByRole('textbox', { name: 'Status Details' }), ' more');
    expect(screen.getByRole('textbox', { name: 'Status Details' })).toHaveValue('Signed off');
    await user.click(screen.getByRole('link', { name: 'Back to completed setups' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer-setup/completed'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(service.gateway.callsTo(legacyOps.editSetup)).toHaveLength(0);
  });
});
