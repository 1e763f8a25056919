import { describe, expect, test } from '@jest/globals';
import { legacyOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { screen } from '@testing-library/react';
import { routePattern } from '@/lib/routes';
import { renderRoutes } from '@test/render-routes';
import { screenTestHooks } from '@test/screen-hooks';
import { fakeLegacyService } from '../testing/fake-legacy-service';
import { SetupFormPage } from './setup-form-page';

const routes = [{ path: routePattern('edit'), element: <SetupFormPage /> }];

screenTestHooks();

describe('the legacy edit form, while the setup is on its way', () => {
  test('shows a spinner named Loading the setup under Edit Setup, then the form', async () => {
    const service = fakeLegacyService([
      fixtures.legacySetup({ setupId: 3, clientName: 'Initech' }),
    ]);
    const release = service.gateway.hold(legacyOps.getSetup);
    renderRoutes(routes, '/customer-setup/edit/3');
    expect(await screen.findByRole('progressbar', { name: 'Loading the setup' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Edit Setup' })).toBeInTheDocument();
    release();
    expect(await screen.findByDisplayValue('Initech')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading the setup' })).toBeNull();
  });
});
