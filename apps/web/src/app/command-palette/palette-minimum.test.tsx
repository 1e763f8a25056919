import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { llmOps, productRegisterOps, remOmniOps } from '@onboarding/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FakeGateway, GatewayRequest } from '@test/fake-gateway';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { setupRows } from '@test/setups';
import { signedInGateway } from '@test/signed-in';

screenTestHooks();

/** The list's rows for a search: setups whose client name contains the text. */
function searchedRows(req: GatewayRequest) {
  const { searchText } = req.body as { searchText: string };
  return setupRows(
    ['acme foods', 'globex']
      .map((clientName, i) => ({ setupId: 11 + i, clientName, retailers: [{ retailerId: 4 }] }))
      .filter((s) => s.clientName.includes(searchText.toLowerCase())),
  );
}

const clientSearches = (gateway: FakeGateway) =>
  gateway
    .bodiesOf(remOmniOps.allSetup)
    .map((body) => (body as { searchText: string }).searchText)
    .filter((text) => text !== '');

/**
 * docs/requirements.md#decision-command-palette: clients are searched from 2 characters, once
 * typing pauses for 200 ms. Fake timers let the pause pass without waiting for it.
 */
describe('command palette, client search minimum', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('searches no client for one character, however long the operator waits, and searches from two', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const gateway = signedInGateway()
      .on(remOmniOps.allSetup, searchedRows)
      .on(llmOps.getAll, [])
      .on(productRegisterOps.productList, { products: [] });
    const app = renderApp('/rem_omni/see_all', gateway);
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    await screen.findByRole('heading', { name: 'Setups', level: 1 });
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
    const input = within(dialog).getByRole('combobox', { name: 'Jump to' });

    await user.type(input, 'a');
    await act(() => jest.advanceTimersByTimeAsync(2_000));
    expect(clientSearches(gateway)).toEqual([]);
    expect(screen.queryByRole('group', { name: 'Clients' })).not.toBeInTheDocument();

    await user.type(input, 'c');
    await act(() => jest.advanceTimersByTimeAsync(300));
    await waitFor(() => expect(clientSearches(gateway)).toEqual(['ac']));
    expect(
      within(await screen.findByRole('group', { name: 'Clients' })).getByRole('option', {
        name: /acme foods/,
      }),
    ).toBeInTheDocument();
    app.unmount();
  });
});
