import { describe, expect, test } from '@jest/globals';
import { fixtures } from '@onboarding/contracts/testing';
import { screen } from '@testing-library/react';
import { routePattern } from '@/lib/routes';
import { renderRoutes } from '@test/render-routes';
import { screenTestHooks } from '@test/screen-hooks';
import { fakeLegacyService } from '../testing/fake-legacy-service';
import { SetupFormPage } from './setup-form-page';

// Outside the app's router (which shows not-found first), the edit form reads :setupId with the
// same parser (lib/route-id.ts): an id it refuses is "no setup", and nothing is asked.
const routes = [{ path: routePattern('edit'), element: <SetupFormPage /> }];

// Beyond Number.MAX_SAFE_INTEGER: 16 digits, yet no id.
const BAD_IDS = ['abc', '0', '007', '1e3', '9007199254740993'];

screenTestHooks();

describe('the legacy edit form', () => {
  test.each(BAD_IDS)('says there is no setup with the id %s and asks nothing', async (id) => {
    const service = fakeLegacyService([fixtures.legacySetup({ setupId: 1 })]);
    renderRoutes(routes, `/customer-setup/edit/${id}`);
    expect(await screen.findByText(`There is no setup with the id ${id}.`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Edit Setup' })).toBeInTheDocument();
    expect(service.gateway.requests).toEqual([]);
  });
});
