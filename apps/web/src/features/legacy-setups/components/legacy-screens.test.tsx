import { describe, expect, jest, test } from '@jest/globals';
import { legacyOps, type LegacySetup } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routePattern } from '@/lib/routes';
import { envelope } from '@test/fake-gateway';
import { fakeLegacyService } from '../testing/fake-legacy-service';
import { renderRoutes } from '@test/render-routes';
import { CompletedPage } from './completed-page';
import { OngoingPage } from './ongoing-page';
import { SetupFormPage } from './setup-form-page';
import { screenTestHooks } from '@test/screen-hooks';

const routes = [
  { path: routePattern('ongoing'), element: <OngoingPage /> },
  { path: routePattern('completed'), element: <CompletedPage /> },
  { path: routePattern('addNew'), element: <SetupFormPage /> },
  { path: routePattern('edit'), element: <SetupFormPage /> },
];

const globex = fixtures.legacySetup({
  setupId: 1,
  clientName: 'Globex',
  currentStatus: 'onTrack',
  modules: [
    { id: 'ciqSales', name: 'CIQ Sales', regions: ['US', 'CA'] },
    { id: 'rra', name: 'RRA', regions: ['UK'] },
  ],
});
const initech = fixtures.legacySetup({
  setupId: 2,
  clientName: 'Initech',
  currentStatus: 'delayed',
  createdBy: 'creator@example.com',
  updatedBy: null,
});
const done = fixtures.legacySetup({
  setupId: 3,
  clientName: 'Umbrella',
  currentStatus: 'completed',
  modules: [{ id: 'myciq', name: 'MyCIQ', regions: ['De'] }],
});

let service: ReturnType<typeof fakeLegacyService>;
const { expectErrorLogged } = screenTestHooks();

const setup = () => userEvent.setup({ delay: null });

function many(n: number): LegacySetup[] {
  return Array.from({ length: n }, (_v, i) =>
    fixtures.legacySetup({
      setupId: 100 + i,
      clientName: `Client ${String(i + 1).padStart(2, '0')}`,
    }),
  );
}

describe('ongoing setups', () => {
  test('shows the nine columns, and rows expand to their modules and regions', async () => {
    service = fakeLegacyService([globex, initech]);
    const user = setup();
    renderRoutes(routes, '/customer-setup/ongoing');

    const table = await screen.findByRole('table', { name: 'Setups' });
    await within(table).findByText('Globex');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Expand',
      'Client Name',
      'Start Date',
      'Date of AVC',
      'Date of AMS',
      'Status',
      'Status Details',
      'Expected Signoff Date',
      'Updated at',
      'Updated/Created By',
      'Actions',
    ]);
    expect(within(table).getByText('On Track')).toBeInTheDocument();
    expect(within(table).getByText('creator@example.com')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show details of Globex' }));
    const modules = await screen.findByRole('table', { name: 'Modules of Globex' });
    expect(within(modules).getByRole('row', { name: 'CIQ Sales US, CA' })).toBeInTheDocument();
    expect(within(modules).getByRole('row', { name: 'RRA UK' })).toBeInTheDocument();
  });

  test('the row menu offers Edit Setup, opening upward for clicks low on the screen', async () => {
    service = fakeLegacyService([globex]);
    const user = setup();
    const { router } = renderRoutes(routes, '/customer-setup/ongoing');
    const button = await screen.findByRole('button', { name: 'Actions for Globex' });

    fireEvent.click(button, { clientY: 700 });
    let menu = await screen.findByRole('menu');
    expect(menu.closest('[data-opens]')).toHaveAttribute('data-opens', 'up');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    fireEvent.click(button, { clientY: 200 });
    menu = await screen.findByRole('menu');
    expect(menu.closest('[data-opens]')).toHaveAttribute('data-opens', 'down');
    await user.click(within(menu).getByRole('menuitem', { name: 'Edit Setup' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer-setup/edit/1'));
  });

  test('a completed setup has no row menu', async () => {
    service = fakeLegacyService([]);
    // The server may still list it (e.g. completed in another tab since the page loaded).
    service.gateway.on(legacyOps.ongoing, () => [{ ...done, totalRecords: 2 }, globex]);
    renderRoutes(routes, '/customer-setup/ongoing');
    await screen.findByText('Umbrella');
    expect(screen.queryByRole('button', { name: 'Actions for Umbrella' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Actions for Globex' })).toBeInTheDocument();
  });

  test('pages of 20 with Previous, Next and page numbers from totalRecords', async () => {
    service = fakeLegacyService(many(45));
    const user = setup();
    renderRoutes(routes, '/customer-setup/ongoing');
    await screen.findByText('Client 01');
    const pager = screen.getByRole('navigation', { name: 'Setups pages' });
    expect(within(pager).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(within(pager).queryByRole('button', { name: 'Page 4' })).toBeNull();

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Client 21')).toBeInTheDocument();
    expect(screen.queryByText('Client 01')).toBeNull();
    expect(service.gateway.callsTo(legacyOps.ongoing).at(-1)?.body).toEqual({
      searchText: '',
      limit: 20,
      offset: 20,
    });
    await user.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Client 01')).toBeInTheDocument();
  });

  test('search is sent after a 500 ms pause and starts again from page 1', async () => {
    service = fakeLegacyService([globex, initech]);
    const user = setup();
    renderRoutes(routes, '/customer-setup/ongoing?page=1');
    await screen.findByText('Initech');
    await user.type(screen.getByRole('searchbox', { name: 'Search client name' }), 'glo');
    // Not yet: the pause has not passed.
    expect(service.gateway.callsTo(legacyOps.ongoing).at(-1)?.body).toMatchObject({
      searchText: '',
    });
    await waitFor(() => expect(screen.queryByText('Initech')).toBeNull());
    expect(await screen.findByText('Globex')).toBeInTheDocument();
    expect(service.gateway.callsTo(legacyOps.ongoing).at(-1)?.body).toEqual({
      searchText: 'glo',
      limit: 20,
      offset: 0,
    });
  });

  test('a search over 100 characters is trimmed and cut to 100, and the list still loads', async () => {
    service = fakeLegacyService([globex, initech]);
    const long = `  ${'g'.repeat(120)}  `;
    renderRoutes(routes, `/customer-setup/ongoing?search=${encodeURIComponent(long)}`);
    expect(await screen.findByText(`No setup matches “${'g'.repeat(100)}”`)).toBeInTheDocument();
    expect(service.gateway.callsTo(legacyOps.ongoing).at(-1)?.body).toEqual({
      searchText: 'g'.repeat(100),
      limit: 20,
      offset: 0,
    });

    // Typed (or pasted) into the box: the same bound.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search client name' }), {
      target: { value: ` Glo${'x'.repeat(150)} ` },
    });
    await waitFor(() =>
      expect(service.gateway.callsTo(legacyOps.ongoing).at(-1)?.body).toMatchObject({
        searchText: `Glo${'x'.repeat(97)}`,
      }),
    );
    expect(await screen.findByText(/^No setup matches “Glo/)).toBeInTheDocument();
    expect(screen.queryByText('The ongoing setups could not be loaded.')).toBeNull();
  });

  test('a failed load shows an error with Retry', async () => {
    service = fakeLegacyService([globex]);
    service.gateway.fail(legacyOps.ongoing);
    const user = setup();
    renderRoutes(routes, '/customer-setup/ongoing');
    expect(await screen.findByText('The ongoing setups could not be loaded.')).toBeInTheDocument();
    expect(service.gateway.failedCalls()).toEqual([legacyOps.ongoing.id]);
    expectErrorLogged(/^Ongoing setups could not be loaded: ApiError: Upstream failed$/);
    service.gateway.heal(legacyOps.ongoing);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Globex')).toBeInTheDocument();
  });
});

describe('completed setups', () => {
  test('the Completed Setup table has seven columns, expands, and offers no edit or search', async () => {
    service = fakeLegacyService([globex, done]);
    const user = setup();
    renderRoutes(routes, '/customer-setup/completed');
    const table = await screen.findByRole('table', { name: 'Completed Setup' });
    await within(table).findByText('Umbrella');
    expect(within(table).queryByText('Globex')).toBeNull();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Expand',
      'Client Name',
      'Start Date',
      'Date of AVC',
      'Date of AMS',
      'Status',
      'Status Details',
      'Expected Signoff Date',
    ]);
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
    expect(screen.queryByRole('searchbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show details of Umbrella' }));
    expect(await screen.findByRole('row', { name: 'MyCIQ De' })).toBeInTheDocument();
  });
});

async function chooseStatus(user: ReturnType<typeof setup>, name: string) {
  await user.click(screen.getByRole('combobox', { name: /Current Status/ }));
  await user.click(await screen.findByRole('option', { name }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

describe('add setup', () => {
  test('checks the client name on blur: required, characters, then uniqueness (lower-cased)', async () => {
    service = fakeLegacyService([globex]);
    const user = setup();
    renderRoutes(routes, '/customer-setup/add-new');
    const name = await screen.findByRole('textbox', { name: /Client Name/ });

    await user.click(name);
    await user.tab();
    expect(await screen.findByText('Client name required')).toBeInTheDocument();

    await user.type(name, 'Acme & Co');
    await user.tab();
    expect(await screen.findByText('Special characters are not allowed')).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, '  GLOBEX ');
    await user.tab();
    expect(await screen.findByText('A client already exists')).toBeInTheDocument();
    expect(service.gateway.callsTo(legacyOps.isClientExists).at(-1)?.body).toEqual({
      clientName: 'globex',
    });
    expect(name).toHaveValue('GLOBEX');
  });

  test('the button waits for a status; a signoff date without one asks for it', async () => {
    service = fakeLegacyService([]);
    const user = setup();
    renderRoutes(routes, '/customer-setup/add-new');
    await user.type(await screen.findByRole('textbox', { name: /Client Name/ }), 'Acme');
    const button = screen.getByRole('button', { name: 'Add New Setup' });
    expect(button).toBeDisabled();

    fireEvent.change(screen.getByLabelText('Expected Signoff Date'), {
      target: { value: '2026-12-31' },
    });
    expect(await screen.findByText('Please select status')).toBeInTheDocument();

    await chooseStatus(user, 'On Track');
    expect(screen.queryByText('Please select status')).toBeNull();
    expect(button).toBeEnabled();
  });

  test('sends only the selected modules with their regions, then returns to ongoing', async () => {
    service = fakeLegacyService([]);
    const user = setup();
    const { router } = renderRoutes(routes, '/customer-setup/add-new');
    await user.type(await screen.findByRole('textbox', { name: /Client Name/ }), 'Acme Foods');
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-11-02' } });
    await chooseStatus(user, 'On Track');

    await user.click(screen.getByRole('checkbox', { name: 'CIQ Sales' }));
    await user.click(screen.getByRole('combobox', { name: 'CIQ Sales regions' }));
    const listbox = await screen.findByRole('listbox');
    await user.click(within(listbox).getByRole('option', { name: 'US' }));
    await user.click(within(listbox).getByRole('option', { name: 'CA' }));
    await user.keyboard('{Escape}');
    // Selected then unselected: not sent.
    await user.click(screen.getByRole('checkbox', { name: 'RRA' }));
    await user.click(screen.getByRole('checkbox', { name: 'RRA' }));

    await user.click(screen.getByRole('button', { name: 'Add New Setup' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer-setup/ongoing'));
    expect(service.gateway.callsTo(legacyOps.addNewSetup)[0]?.body).toEqual({
      clientName: 'Acme Foods',
      startDate: '2026-11-02',
      avcDate: null,
      amsDate: null,
      currentStatus: 'onTrack',
      statusDetails: null,
      expectedSignoffDate: null,
      modules: [{ id: 'ciqSales', name: 'CIQ Sales', regions: ['US', 'CA'] }],
    });
    expect(await screen.findByText('Setup for Acme Foods added')).toBeInTheDocument();
  });

  test('a failed save shows the error with Retry, and Retry saves', async () => {
    service = fakeLegacyService([]);
    service.gateway.fail(
      legacyOps.addNewSetup,
      envelope(503, 'UPSTREAM_UNAVAILABLE', 'Service down'),
    );
    const user = setup();
    const { router } = renderRoutes(routes, '/customer-setup/add-new');
    await user.type(await screen.findByRole('textbox', { name: /Client Name/ }), 'Acme');
    await chooseStatus(user, 'Delayed');
    await user.click(screen.getByRole('button', { name: 'Add New Setup' }));

    expect(
      await screen.findByText('The setup could not be saved: Service down'),
    ).toBeInTheDocument();
    expect(service.gateway.failedCalls()).toEqual([legacyOps.addNewSetup.id]);
    expectErrorLogged(/^The setup could not be saved: ApiError: Service down$/);
    service.gateway.heal(legacyOps.addNewSetup);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer-setup/ongoing'));
    expect(service.setups().map((s) => s.clientName)).toEqual(['Acme']);
  });

  test('a failed uniqueness check shows an error with Retry instead of saving', async () => {
    service = fakeLegacyService([]);
    service.gateway.fail(legacyOps.isClientExists);
    const user = setup();
    renderRoutes(routes, '/customer-setup/add-new');
    await user.type(await screen.findByRole('textbox', { name: /Client Name/ }), 'Acme');
    await user.tab();
    expect(await screen.findByText('The client name could not be checked.')).toBeInTheDocument();
    expect(service.gateway.failedCalls()).toEqual([legacyOps.isClientExists.id]);
    // Once on leaving the field, once more when Add New Setup asks again.
    expectErrorLogged(/^The client name could not be checked: ApiError: Upstream failed$/, 2);
    await chooseStatus(user, 'On Track');
    await user.click(screen.getByRole('button', { name: 'Add New Setup' }));
    expect(service.gateway.callsTo(legacyOps.addNewSetup)).toHaveLength(0);

    service.gateway.heal(legacyOps.isClientExists);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(screen.queryByText('The client name could not be checked.')).toBeNull(),
    );
  });
});

describe('edit setup', () => {
  test('client name and the first three dates are read-only and modules fixed', async () => {
    service = fakeLegacyService([globex]);
    renderRoutes(routes, '/customer-setup/edit/1');
    expect(await screen.findByRole('heading', { name: 'Edit Setup' })).toBeInTheDocument();
    const name = await screen.findByRole('textbox', { name: /Client Name/ });
    expect(name).toHaveValue('Globex');
    expect(name).toHaveAttribute('readonly');
    for (const label of ['Start Date', 'Date of AVC', 'Date of AMS']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('readonly');
    }
    expect(screen.getByLabelText('Expected Signoff Date')).not.toHaveAttribute('readonly');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByText('CIQ Sales: US, CA')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Setup' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Mark As Complete' })).toBeEnabled();
  });

  test.each(['P&G', 'Thistle Tea Co.', 'Nestlé'])(
    'a stored name outside the add rule (%s) does not lock Update Setup or Mark As Complete',
    async (clientName) => {
      service = fakeLegacyService([{ ...globex, clientName }]);
      const user = setup();
      const { router } = renderRoutes(routes, '/customer-setup/edit/1');
      expect(await screen.findByRole('textbox', { name: /Client Name/ })).toHaveValue(clientName);
      expect(screen.getByRole('button', { name: 'Mark As Complete' })).toBeEnabled();
      const update = screen.getByRole('button', { name: 'Update Setup' });
      expect(update).toBeEnabled();
      expect(screen.queryByText('Special characters are not allowed')).toBeNull();

      await chooseStatus(user, 'Blocked');
      await user.click(update);
      await waitFor(() => expect(router.state.location.pathname).toBe('/customer-setup/ongoing'));
      expect(service.gateway.callsTo(legacyOps.editSetup)[0]?.body).toMatchObject({
        setupId: 1,
        clientName,
        currentStatus: 'blocked',
      });
    },
  );

  test('asks before leaving with unsaved changes, and leaves freely after saving', async () => {
    service = fakeLegacyService([globex]);
    const user = setup();
    const { router } = renderRoutes(routes, '/customer-setup/edit/1');
    const details = await screen.findByRole('textbox', { name: 'Status Details' });

    // Untouched: Cancel leaves at once.
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer-setup/ongoing'));

    await act(() => router.navigate('/customer-setup/edit/1'));
    await user.type(await screen.findByRole('textbox', { name: 'Status Details' }), ' pending');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/customer-setup/edit/1');
    expect(screen.getByRole('textbox', { name: 'Status Details' })).toHaveValue(
      `${globex.statusDetails ?? ''} pending`,
    );

    await user.click(screen.getByRole('button', { name: 'Update Setup' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer-setup/ongoing'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(details).not.toBeInTheDocument();
  });

  test('Update Setup sends the changes with the setup id and its modules', async () => {
    service = fakeLegacyService([globex]);
    const user = setup();
    const { router } = renderRoutes(routes, '/customer-setup/edit/1');
    const details = await screen.findByRole('textbox', { name: 'Status Details' });
    await user.clear(details);
    await user.type(details, 'AMS access granted');
    await chooseStatus(user, 'Blocked');
    await user.click(screen.getByRole('button', { name: 'Update Setup' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/customer-setup/ongoing'));
    expect(service.gateway.callsTo(legacyOps.editSetup)[0]?.body).toMatchObject({
      setupId: 1,
      clientName: 'Globex',
      currentStatus: 'blocked',
      statusDetails: 'AMS access granted',
      modules: globex.modules,
    });
  });

  test('Mark As Complete saves with status completed and the setup leaves ongoing', async () => {
    service = fakeLegacyService([globex, initech]);
    const user = setup();
    const { router } = renderRoutes(routes, '/customer-setup/edit/1');
    await user.click(await screen.findByRole('button', { name: 'Mark As Complete' }));
    // Completion is final: it is confirmed first (issue 31).
    const dialog = await screen.findByRole('dialog', { name: 'Mark Globex as complete?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark As Complete' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/customer-setup/ongoing'));
    expect(service.gateway.callsTo(legacyOps.editSetup)[0]?.body).toMatchObject({
      setupId: 1,
      currentStatus: 'completed',
    });
    await screen.findByText('Initech');
    expect(screen.queryByText('Globex')).toBeNull();
  });

  test('a setup that cannot be loaded raises the browser alert with the error, then offers Retry', async () => {
    service = fakeLegacyService([globex]);
    service.gateway.fail(legacyOps.getSetup, envelope(502, 'UPSTREAM_ERROR', 'Upstream failed'));
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
    const user = setup();
    try {
      renderRoutes(routes, '/customer-setup/edit/1');
      await waitFor(() => expect(alert).toHaveBeenCalledWith('Upstream failed'));
      expect(screen.getByText('The setup could not be loaded.')).toBeInTheDocument();
      expect(service.gateway.failedCalls()).toEqual([legacyOps.getSetup.id]);
      expectErrorLogged(/^Setup 1 could not be loaded: ApiError: Upstream failed$/);
      service.gateway.heal(legacyOps.getSetup);
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByRole('textbox', { name: /Client Name/ })).toHaveValue('Globex');
    } finally {
      alert.mockRestore();
    }
  });
});
