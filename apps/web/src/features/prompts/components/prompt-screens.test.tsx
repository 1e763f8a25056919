import { describe, expect, jest, test } from '@jest/globals';
import { llmOps, MESSAGES } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routePattern } from '@/lib/routes';
import { envelope } from '@test/fake-gateway';
import { fakeLlmService } from '../testing/fake-llm-service';
import { renderRoutes } from '@test/render-routes';
import { PromptDetailPage } from './prompt-detail-page';
import { PromptFormPage } from './prompt-form-page';
import { PromptListPage } from './prompt-list-page';
import { screenTestHooks } from '@test/screen-hooks';

const routes = [
  { path: routePattern('prompts'), element: <PromptListPage /> },
  { path: routePattern('addPrompt'), element: <PromptFormPage /> },
  { path: routePattern('editPrompt'), element: <PromptFormPage /> },
  { path: routePattern('promptDetail'), element: <PromptDetailPage /> },
];

const summary = fixtures.prompt({
  prompt_id: 1,
  metadata: { name: 'Category summary', variables: { category: 'Snacks', retailer: 'Amazon' } },
});
const weekly = fixtures.prompt({
  prompt_id: 2,
  client_id: 7,
  client: 'Globex',
  prompt: 'Weekly report',
  business_context: 'Grocery retail',
  metadata: { name: 'Weekly report', variables: {} },
});
const clients = [
  fixtures.promptClientOption(),
  fixtures.promptClientOption({ client_id: 7, client: 'Globex' }),
];

let service: ReturnType<typeof fakeLlmService>;
const { expectErrorLogged } = screenTestHooks();

/** The `<tr>` of a prompt in the list. */
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')!;

async function deleteFromList(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete prompt' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('prompt list', () => {
  test('a deleted prompt leaves the list at once and comes back with a message when the delete fails', async () => {
    service = fakeLlmService([summary, weekly], clients);
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/llm_service/prompts');
    await screen.findByRole('link', { name: 'Weekly report' });

    service.gateway.fail(llmOps.delete);
    const release = service.gateway.hold(llmOps.delete);
    await deleteFromList(user, 'Weekly report');

    // Gone while the call is still on its way.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Weekly report' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Category summary' })).toBeInTheDocument();

    // The re-read after the failure fails too, so only the restore can bring the row back.
    service.gateway.fail(llmOps.getAll);
    release();
    expect(await screen.findByRole('link', { name: 'Weekly report' })).toBeInTheDocument();
    expect(
      await screen.findByText('“Weekly report” could not be deleted, so it is back in the list.'),
    ).toBeInTheDocument();
    expect(service.gateway.failedCalls()).toEqual([llmOps.delete.id, llmOps.getAll.id]);
    expectErrorLogged(/^Prompt 2 could not be deleted: ApiError: Upstream failed$/);
    expectErrorLogged(/^Prompts could not be loaded: ApiError: Upstream failed$/);
    // Back in its place: second row.
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[1]).toBe(rowOf('Weekly report'));
  });

  test('a successful delete removes the prompt for good', async () => {
    service = fakeLlmService([summary, weekly], clients);
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/llm_service/prompts');
    await screen.findByRole('link', { name: 'Weekly report' });

    await deleteFromList(user, 'Weekly report');

    expect(await screen.findByText('Prompt “Weekly report” deleted')).toBeInTheDocument();
    expect(service.prompts().map((p) => p.prompt_id)).toEqual([1]);
    expect(screen.queryByRole('link', { name: 'Weekly report' })).toBeNull();
  });

  test('a failed load shows an error with Retry instead of a spinner, and Retry loads the list', async () => {
    service = fakeLlmService([summary], clients);
    service.gateway.fail(llmOps.getAll);
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/llm_service/prompts');

    expect(await screen.findByText('The prompts could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading prompts')).toBeNull();
    expect(service.gateway.failedCalls()).toEqual([llmOps.getAll.id]);
    expectErrorLogged(/^Prompts could not be loaded: ApiError: Upstream failed$/);

    service.gateway.heal(llmOps.getAll);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Category summary' })).toBeInTheDocument();
  });

  test('search keeps the prompts whose name or client matches', async () => {
    service = fakeLlmService([summary, weekly], clients);
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/llm_service/prompts');
    await screen.findByRole('link', { name: 'Weekly report' });

    await user.type(screen.getByRole('searchbox', { name: 'Search prompts' }), 'globex');
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Category summary' })).toBeNull(),
    );
    expect(screen.getByRole('link', { name: 'Weekly report' })).toBeInTheDocument();
  });
});

test('a search that settles while the operator is already leaving does not pull them back', async () => {
  service = fakeLlmService([summary, weekly], clients);
  const user = userEvent.setup({ delay: null });
  let openDetail = () => {};
  const detailReady = new Promise<null>((resolve) => {
    openDetail = () => resolve(null);
  });
  const { router } = renderRoutes(
    [
      routes[0]!,
      // The next screen takes a while to load (as a lazily loaded screen does).
      { ...routes[3]!, loader: () => detailReady },
    ],
    '/llm_service/prompts',
  );
  await screen.findByRole('link', { name: 'Weekly report' });

  // Jest's clock from here on, so that the search pause passes without waiting for it.
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  try {
    await user.type(screen.getByRole('searchbox', { name: 'Search prompts' }), 'week');
    await user.click(screen.getByRole('link', { name: 'Weekly report' }));
    // The search pause (500 ms) passes while the detail screen loads; inside act, as the search
    // field still updates itself when its pause ends.
    await act(() => jest.advanceTimersByTimeAsync(700));
    openDetail();

    await waitFor(() => expect(router.state.location.pathname).toBe('/llm_service/prompts/2'));
    expect(await screen.findByRole('heading', { name: 'Prompt Details' })).toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
});

describe('prompt form', () => {
  test('variables get inputs after a pause in typing, lose them when removed, and are saved with their values', async () => {
    service = fakeLlmService([], clients);
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(routes, '/llm_service/prompts/add');

    const add = await screen.findByRole('button', { name: 'Add' });
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Retail summary');
    expect(add).toBeDisabled();

    const prompt = screen.getByRole('textbox', { name: 'Prompt' });
    await user.type(prompt, 'Summarise {{{{category}} for {{{{retailer}}');
    expect(add).toBeEnabled();
    // Not before the pause.
    expect(screen.queryByRole('textbox', { name: '{{category}}' })).toBeNull();
    const category = await screen.findByRole(
      'textbox',
      { name: '{{category}}' },
      { timeout: 2500 },
    );
    expect(screen.getByRole('textbox', { name: '{{retailer}}' })).toBeInTheDocument();
    await user.type(category, 'Snacks');

    // The preview fills what has a value and highlights the rest.
    const preview = screen.getByTestId('prompt-preview');
    expect(preview).toHaveTextContent('Summarise Snacks for {{retailer}}');
    expect(within(preview).getByText('{{retailer}}').tagName).toBe('MARK');
    expect(screen.getByText('Highlighted, without a value: retailer')).toBeInTheDocument();

    // Remove {{retailer}}: its input goes after the pause.
    await user.clear(prompt);
    await user.type(prompt, 'Summarise {{{{category}}');
    await waitFor(
      () => expect(screen.queryByRole('textbox', { name: '{{retailer}}' })).toBeNull(),
      { timeout: 2500 },
    );
    expect(screen.getByRole('textbox', { name: '{{category}}' })).toHaveValue('Snacks');

    await user.click(add);
    await waitFor(() => expect(router.state.location.pathname).toBe('/llm_service/prompts'));
    expect(service.gateway.callsTo(llmOps.add)[0]?.body).toEqual({
      clientId: 1,
      clientName: 'Common',
      prompt: 'Summarise {{category}}',
      metadata: { name: 'Retail summary', variables: { category: 'Snacks' } },
    });
    expect(await screen.findByText('Prompt added successfully')).toBeInTheDocument();
  });

  test('Add stays disabled with an empty prompt', async () => {
    service = fakeLlmService([], clients);
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/llm_service/prompts/add');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Only a name');
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), '   ');
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
  });

  test('a chosen client is sent with the prompt', async () => {
    service = fakeLlmService([], clients);
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/llm_service/prompts/add');
    await user.click(await screen.findByRole('combobox', { name: 'Client' }));
    await user.click(await screen.findByRole('option', { name: 'Globex' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Globex prompt');
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(service.prompts()).toHaveLength(1));
    expect(service.prompts()[0]).toMatchObject({ client_id: 7, client: 'Globex' });
  });

  test('a failed save shows the inline failure text and keeps what was typed', async () => {
    service = fakeLlmService([], clients);
    service.gateway.fail(llmOps.add, envelope(500, 'UPSTREAM_ERROR', 'boom'));
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/llm_service/prompts/add');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Kept');
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'Still here');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.promptSaveFailed);
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('Still here');
    expect(service.gateway.failedCalls()).toEqual([llmOps.add.id]);
    expectErrorLogged(/^The prompt could not be saved: ApiError: boom$/);
  });

  test('edit starts from the saved prompt and its variable values, and sends the update', async () => {
    service = fakeLlmService([summary], clients);
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(routes, '/llm_service/prompts/edit/1');

    expect(await screen.findByRole('textbox', { name: '{{category}}' })).toHaveValue('Snacks');
    expect(screen.getByRole('textbox', { name: 'Client' })).toHaveAttribute('readonly');
    const business = screen.getByRole('textbox', { name: 'Business Context' });
    await user.type(business, 'Snack foods');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const review = await screen.findByRole('dialog', { name: 'Review changes to the prompt' });
    await user.click(within(review).getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/llm_service/prompts'));
    expect(service.gateway.callsTo(llmOps.update)[0]?.body).toEqual({
      promptId: 1,
      newPrompt: summary.prompt,
      newBusinessContext: 'Snack foods',
      metadata: { name: 'Category summary', variables: { category: 'Snacks', retailer: 'Amazon' } },
    });
  });

  test('a prompt made elsewhere keeps its stored variable values on Update', async () => {
    const elsewhere = fixtures.prompt({
      prompt_id: 5,
      prompt: 'Describe {{brand name}} on {{ retailer-id }}.',
      metadata: {
        name: 'Brand on retailer',
        variables: { 'brand name': 'Acme', 'retailer-id': '4', tone: 'formal' },
      },
    });
    service = fakeLlmService([elsewhere], clients);
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(routes, '/llm_service/prompts/edit/5');

    expect(await screen.findByRole('textbox', { name: '{{brand name}}' })).toHaveValue('Acme');
    expect(screen.getByRole('textbox', { name: '{{retailer-id}}' })).toHaveValue('4');
    const tone = screen.getByRole('textbox', { name: '{{tone}}' });
    expect(tone).toHaveValue('formal');
    expect(tone).toHaveAccessibleDescription('Not in the prompt; kept as saved.');
    await user.type(screen.getByRole('textbox', { name: 'Business Context' }), 'Beauty');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const review = await screen.findByRole('dialog', { name: 'Review changes to the prompt' });
    await user.click(within(review).getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/llm_service/prompts'));
    expect(service.gateway.callsTo(llmOps.update)[0]?.body).toMatchObject({
      promptId: 5,
      metadata: {
        name: 'Brand on retailer',
        variables: { 'brand name': 'Acme', 'retailer-id': '4', tone: 'formal' },
      },
    });
  });

  test('a placeholder with spaces is a variable, and a name over 100 characters is refused before sending', async () => {
    service = fakeLlmService([], clients);
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/llm_service/prompts/add');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Brand');
    const prompt = screen.getByRole('textbox', { name: 'Prompt' });
    const add = screen.getByRole('button', { name: 'Add' });

    fireEvent.change(prompt, { target: { value: `Describe {{${'n'.repeat(101)}}}` } });
    expect(prompt).toHaveAccessibleDescription(
      `A variable name can have at most 100 characters: {{${'n'.repeat(20)}…}}`,
    );
    expect(add).toBeDisabled();

    fireEvent.change(prompt, { target: { value: 'Describe {{ brand name }}' } });
    expect(add).toBeEnabled();
    await user.type(
      await screen.findByRole('textbox', { name: '{{brand name}}' }, { timeout: 2500 }),
      'Acme',
    );
    await user.click(add);
    await waitFor(() => expect(service.prompts()).toHaveLength(1));
    expect(service.prompts()[0]?.metadata.variables).toEqual({ 'brand name': 'Acme' });
  });

  test('asks before leaving with unsaved changes', async () => {
    service = fakeLlmService([summary], clients);
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(routes, '/llm_service/prompts/edit/1');
    const category = await screen.findByRole('textbox', { name: '{{category}}' });

    // Untouched: Cancel leaves at once.
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/llm_service/prompts'));
    expect(category).not.toBeInTheDocument();

    await act(() => router.navigate('/llm_service/prompts/edit/1'));
    await user.type(await screen.findByRole('textbox', { name: '{{category}}' }), ' and drinks');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/llm_service/prompts/edit/1');
    expect(screen.getByRole('textbox', { name: '{{category}}' })).toHaveValue('Snacks and drinks');

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/llm_service/prompts'));
    await screen.findByRole('link', { name: 'Category summary' });
  });

  test('a prompt that fails to load for editing shows an error with Retry', async () => {
    service = fakeLlmService([summary], clients);
    service.gateway.fail(llmOps.get);
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/llm_service/prompts/edit/1');
    expect(await screen.findByText('The prompt could not be loaded.')).toBeInTheDocument();
    expect(service.gateway.failedCalls()).toEqual([llmOps.get.id]);
    expectErrorLogged(/^Prompt 1 could not be loaded: ApiError: Upstream failed$/);
    service.gateway.heal(llmOps.get);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Category summary');
  });
});

describe('prompt detail', () => {
  test('shows name, id, prompt, business context or -, dates and default values', async () => {
    service = fakeLlmService([summary, weekly], clients);
    renderRoutes(routes, '/llm_service/prompts/1');

    const term = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    await screen.findByText('Category summary');
    expect(term('Name')).toBe('Category summary');
    expect(term('Id')).toBe('1');
    expect(term('Prompt')).toBe(summary.prompt);
    expect(term('Business Context')).toBe('-');
    expect(term('Created At')).not.toBe('-');
    expect(term('Updated At')).not.toBe('-');
    const defaults = screen.getByRole('table', { name: 'Default Values' });
    expect(within(defaults).getByRole('row', { name: 'category Snacks' })).toBeInTheDocument();
    expect(within(defaults).getByRole('row', { name: 'retailer Amazon' })).toBeInTheDocument();
  });

  test('a prompt id that does not exist says so', async () => {
    service = fakeLlmService([summary], clients);
    renderRoutes(routes, '/llm_service/prompts/99');
    expect(await screen.findByText('There is no prompt with the id 99.')).toBeInTheDocument();
    expect(service.gateway.failedCalls()).toEqual([llmOps.get.id]);
    expectErrorLogged(/^Prompt 99 could not be loaded: ApiError: No prompt$/);
  });
});
