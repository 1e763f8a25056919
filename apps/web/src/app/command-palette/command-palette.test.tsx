import { describe, expect, it } from '@jest/globals';
import {
  fleetOps,
  legacyOps,
  llmOps,
  metaOps,
  productRegisterOps,
  remOmniOps,
} from '@onboarding/contracts';
import { exampleResponse, fixtures } from '@onboarding/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { failure, type FakeGateway, type GatewayRequest } from '@test/fake-gateway';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { setupRows } from '@test/setups';
import { signedInGateway } from '@test/signed-in';

screenTestHooks();

const PROMPTS = [
  fixtures.prompt({
    prompt_id: 7,
    client: 'Acme Foods',
    metadata: { name: 'Weekly digest', variables: {} },
  }),
  fixtures.prompt({
    prompt_id: 8,
    client: 'Common',
    metadata: { name: 'Category summary', variables: {} },
  }),
];

const PRODUCTS = [
  fixtures.product({ productId: 3, productName: 'Share of Search' }),
  fixtures.product({ productId: 4, productName: 'Retail Media' }),
];

/** The list's rows for a search: setups whose client name contains the text. */
function searchedRows(req: GatewayRequest) {
  const { searchText } = req.body as { searchText: string };
  const clients = ['acme foods', 'acme pets', 'globex'];
  return setupRows(
    clients
      .map((clientName, i) => ({ setupId: 11 + i, clientName, retailers: [{ retailerId: 4 }] }))
      .filter((s) => s.clientName.includes(searchText.toLowerCase())),
  );
}

function paletteGateway(): FakeGateway {
  return signedInGateway()
    .on(remOmniOps.allSetup, searchedRows)
    .on(llmOps.getAll, PROMPTS)
    .on(productRegisterOps.productList, { products: PRODUCTS });
}

/** The app on the setups list, signed in. */
async function openApp(gateway = paletteGateway(), path = '/rem_omni/see_all') {
  const app = renderApp(path, gateway);
  await screen.findByRole('heading', { name: 'Setups', level: 1 });
  return { app, gateway };
}

type App = Awaited<ReturnType<typeof openApp>>['app'];

/**
 * Ctrl+K, and the palette's field once it has the focus (what is typed next goes there). A
 * palette closed by a jump is gone first: during its exit it would be found in place of the new.
 */
async function openPalette(app: App) {
  await waitFor(() =>
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).not.toBeInTheDocument(),
  );
  await app.user.keyboard('{Control>}k{/Control}');
  const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
  const field = () => within(dialog).getByRole('combobox', { name: 'Jump to' });
  await waitFor(() => expect(field()).toHaveFocus());
  return field();
}

/** The options listed under a group, by their first line. */
function labelsIn(group: string): string[] {
  return within(screen.getByRole('group', { name: group }))
    .getAllByRole('option')
    .map((option) => option.firstElementChild?.firstElementChild?.textContent ?? '');
}

const clientSearches = (gateway: FakeGateway) =>
  gateway
    .bodiesOf(remOmniOps.allSetup)
    .map((body) => (body as { searchText: string }).searchText)
    .filter((text) => text !== '');

describe('command palette', () => {
  it("opens on Ctrl+K and on the app bar's Search button, and Escape closes it back to where focus was", async () => {
    const { app } = await openApp();
    const input = await openPalette(app);
    expect(input).toHaveFocus();
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const button = screen.getByRole('button', { name: 'Search (Ctrl+K)' });
    expect(button).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K');
    await app.user.click(button);
    expect(await screen.findByRole('combobox', { name: 'Jump to' })).toHaveFocus();
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it('lists the screens with their menu names, and jumps to one by part of its name, words in any order', async () => {
    const { app, gateway } = await openApp();
    await openPalette(app);
    // Empty, it offers the menu's screens first and says there are more.
    expect(labelsIn('Screens')).toEqual([
      'Category Leaderboard - Omnichannel › New Setup',
      'Category Leaderboard - Omnichannel › See All',
      'Category Leaderboard - Omnichannel › Failures',
      'Category Leaderboard - Omnichannel › Health',
      'Product Onboarding › See All',
      'LLM Service › Prompts',
      'Data Science › Experimental',
      'Add New Setup',
    ]);
    expect(screen.getByText('More screens match than the 8 shown: type to narrow.')).toBeVisible();

    // The screen it jumps to asks for its rows and statuses: answered, whenever they go out.
    gateway
      .on(legacyOps.completed, exampleResponse(legacyOps.completed))
      .on(legacyOps.status, exampleResponse(legacyOps.status));
    await app.user.keyboard('SETUP compl');
    expect(labelsIn('Screens')).toEqual(['Completed Setup']);
    expect(screen.getByRole('option', { name: /Completed Setup/ })).toHaveTextContent(
      '/customer-setup/completed',
    );
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(app.location()).toBe('/customer-setup/completed'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('finds the legacy screens and Performance by what operators call them', async () => {
    const { app } = await openApp();
    const input = await openPalette(app);
    await app.user.type(input, 'legacy');
    expect(labelsIn('Screens')).toEqual(['Legacy Setups', 'Completed Setup', 'Add New Setup']);
    await app.user.clear(input);
    await app.user.type(input, 'ongoing');
    expect(labelsIn('Screens')).toEqual(['Legacy Setups']);
    await app.user.clear(input);
    await app.user.type(input, 'completed');
    expect(labelsIn('Screens')).toEqual(['Completed Setup']);
    await app.user.clear(input);
    await app.user.type(input, 'metrics');
    expect(labelsIn('Screens')).toEqual(['Performance']);
  });

  it('matches without regard to case or accents: "CAFE" finds the prompt "Café digest"', async () => {
    const cafe = fixtures.prompt({
      prompt_id: 9,
      client: 'Common',
      metadata: { name: 'Café digest', variables: {} },
    });
    const { app } = await openApp(paletteGateway().on(llmOps.getAll, [...PROMPTS, cafe]));
    const input = await openPalette(app);
    await app.user.type(input, 'CAFE');
    await waitFor(() => expect(labelsIn('Prompts')).toEqual(['Café digest']));
  });

  it('puts focus on the heading of the screen it jumps to', async () => {
    const { app } = await openApp();
    const input = await openPalette(app);
    await app.user.type(input, 'llm prompts');
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(app.location()).toBe('/llm_service/prompts'));
    const heading = await screen.findByRole('heading', { name: 'Prompts', level: 1 });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it("searches clients through the setups list's call once typing pauses, and jumps to the list searched by the chosen name", async () => {
    const { app, gateway } = await openApp();
    const input = await openPalette(app);
    await app.user.type(input, 'a');
    // One character: no search.
    await screen.findByRole('group', { name: 'Screens' });
    expect(clientSearches(gateway)).toEqual([]);

    await app.user.type(input, 'cme  ');
    expect(await screen.findByRole('group', { name: 'Clients' })).toBeInTheDocument();
    expect(labelsIn('Clients')).toEqual(['acme foods', 'acme pets']);
    // Sent once typing paused, trimmed, as the list's first page of that search.
    expect(gateway.bodiesOf(remOmniOps.allSetup).at(-1)).toEqual({
      searchText: 'acme',
      limit: 20,
      offset: 0,
    });
    expect(clientSearches(gateway)).toEqual(['acme']);

    await app.user.click(screen.getByRole('option', { name: /acme pets/ }));
    await waitFor(() => expect(app.location()).toBe('/rem_omni/see_all?search=acme+pets'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search client name' })).toHaveValue(
        'acme pets',
      ),
    );
  });

  it('sends at most 100 characters of what is typed to the client search', async () => {
    const { app, gateway } = await openApp();
    const input = await openPalette(app);
    await app.user.click(input);
    await app.user.paste(`  ${'x'.repeat(120)}`);
    await waitFor(() => expect(clientSearches(gateway)).toEqual(['x'.repeat(100)]));
  });

  it('jumps to a prompt found by its name or its client', async () => {
    const { app, gateway } = await openApp();
    const input = await openPalette(app);
    await app.user.type(input, 'digest');
    await waitFor(() => expect(labelsIn('Prompts')).toEqual(['Weekly digest']));
    await app.user.clear(input);
    await app.user.type(input, 'foods acme');
    // The client search for the words typed last settles first: until then its group can still
    // change above the prompts while the click is on its way.
    await waitFor(() => expect(clientSearches(gateway).at(-1)).toBe('foods acme'));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Clients' })).toBeNull());
    await waitFor(() => expect(labelsIn('Prompts')).toEqual(['Weekly digest']));
    gateway.on(llmOps.get, PROMPTS[0]);
    await app.user.click(screen.getByRole('option', { name: /Weekly digest/ }));
    await waitFor(() => expect(app.location()).toBe('/llm_service/prompts/7'));
  });

  it("jumps to a product's setups, or to its steps", async () => {
    const { app, gateway } = await openApp();
    gateway
      .on(productRegisterOps.productDetails, { productDetails: PRODUCTS[0] })
      .on(productRegisterOps.stepList, { steps: [] })
      .on(metaOps.allSetup, [])
      .on(metaOps.getRetailers, { data: [] });
    const input = await openPalette(app);
    await app.user.type(input, 'share');
    await waitFor(() =>
      expect(labelsIn('Products')).toEqual(['Share of Search', 'Share of Search steps']),
    );
    await app.user.type(input, ' steps');
    await waitFor(() => expect(labelsIn('Products')).toEqual(['Share of Search steps']));
    await app.user.click(screen.getByRole('option', { name: /Share of Search steps/ }));
    await waitFor(() => expect(app.location()).toBe('/product/3/step_detail'));

    await openPalette(app);
    await app.user.keyboard('retail media');
    await waitFor(() =>
      expect(labelsIn('Products')).toEqual(['Retail Media', 'Retail Media steps']),
    );
    await app.user.click(screen.getByRole('option', { name: /^Retail Media \/product/ }));
    await waitFor(() => expect(app.location()).toBe('/product/4/all_setup'));
  });

  it("jumps to a product's pipeline health when health is asked for", async () => {
    const { app, gateway } = await openApp();
    gateway
      .on(productRegisterOps.productDetails, { productDetails: PRODUCTS[1] })
      .on(fleetOps.health, fixtures.fleetHealth());
    await openPalette(app);
    await app.user.keyboard('retail health');
    await waitFor(() => expect(labelsIn('Products')).toEqual(['Retail Media health']));
    await app.user.click(screen.getByRole('option', { name: /Retail Media health/ }));
    await waitFor(() => expect(app.location()).toBe('/product/4/health'));
    expect(await screen.findByRole('heading', { name: 'Pipeline Health' })).toBeInTheDocument();
  });

  it('loads prompts and products when it opens, not before', async () => {
    const { app, gateway } = await openApp();
    expect(gateway.callsTo(llmOps.getAll)).toHaveLength(0);
    expect(gateway.callsTo(productRegisterOps.productList)).toHaveLength(0);
    await openPalette(app);
    await waitFor(() => expect(gateway.callsTo(llmOps.getAll)).toHaveLength(1));
    expect(gateway.callsTo(productRegisterOps.productList)).toHaveLength(1);
  });

  it('says when the client search fails, and the screens keep working', async () => {
    const gateway = paletteGateway();
    const { app } = await openApp(gateway);
    gateway.fail(remOmniOps.allSetup, failure(502, 'Setup service unavailable'));
    const input = await openPalette(app);
    await app.user.type(input, 'perf');
    expect(
      await screen.findByText('Client search failed: Setup service unavailable'),
    ).toBeVisible();
    expect(input).toHaveAccessibleDescription('Client search failed: Setup service unavailable');
    expect(labelsIn('Screens')).toEqual(['Performance']);
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(app.location()).toBe('/performance-metric'));
    expect(gateway.failedCalls()).toEqual([remOmniOps.allSetup.id]);
  });

  it('says when prompts or products cannot be loaded, and still finds clients', async () => {
    const gateway = paletteGateway()
      .fail(llmOps.getAll, failure(503, 'Prompt service down'))
      .fail(productRegisterOps.productList, failure(503, 'Registry down'));
    const { app } = await openApp(gateway);
    const input = await openPalette(app);
    await app.user.type(input, 'globex');
    expect(
      await screen.findByText('Prompts could not be loaded: Prompt service down'),
    ).toBeVisible();
    expect(screen.getByText('Products could not be loaded: Registry down')).toBeVisible();
    await waitFor(() => expect(labelsIn('Clients')).toEqual(['globex']));
  });

  it('shows at most 8 clients and says there are more', async () => {
    const many = setupRows(
      Array.from({ length: 10 }, (_, i) => ({
        setupId: 100 + i,
        clientName: `north ${i}`,
        retailers: [{ retailerId: 4 }],
      })),
    );
    const { app } = await openApp(paletteGateway().on(remOmniOps.allSetup, many));
    const input = await openPalette(app);
    await app.user.type(input, 'north');
    await waitFor(() => expect(labelsIn('Clients')).toHaveLength(8));
    expect(
      screen.getByText('More clients match than the 8 shown: type more to narrow.'),
    ).toBeVisible();
  });
});

describe('list search shortcut', () => {
  it('focuses the setups list search on /, and leaves / to the palette while it is open', async () => {
    const { app } = await openApp();
    const search = screen.getByRole('searchbox', { name: 'Search client name' });
    expect(search).not.toHaveFocus();
    await app.user.keyboard('/');
    expect(search).toHaveFocus();
    expect(search).toHaveValue('');

    const input = await openPalette(app);
    await app.user.keyboard('/');
    expect(input).toHaveFocus();
    expect(input).toHaveValue('/');
  });
});
