import { describe, expect, test } from '@jest/globals';
import { llmOps, MESSAGES } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routePattern } from '@/lib/routes';
import { envelope } from '@test/fake-gateway';
import { renderRoutes } from '@test/render-routes';
import { screenTestHooks } from '@test/screen-hooks';
import { fakeLlmService } from '../testing/fake-llm-service';
import { PromptFormPage } from './prompt-form-page';
import { PromptListPage } from './prompt-list-page';

const routes = [
  { path: routePattern('prompts'), element: <PromptListPage /> },
  { path: routePattern('editPrompt'), element: <PromptFormPage /> },
];

const summary = fixtures.prompt({
  prompt_id: 1,
  prompt: 'Summarise {{category}} for {{retailer}}',
  business_context: null,
  metadata: { name: 'Category summary', variables: { category: 'Snacks', retailer: 'Amazon' } },
});

const { expectErrorLogged } = screenTestHooks();

/** Opens the edit form of the summary prompt, loaded. */
async function openEdit() {
  const service = fakeLlmService([summary], []);
  const view = renderRoutes(routes, '/llm_service/prompts/edit/1');
  await screen.findByRole('textbox', { name: '{{category}}' });
  return { service, ...view, user: userEvent.setup({ delay: null }) };
}

const textbox = (name: string) => screen.getByRole('textbox', { name });
const reviewDialog = () => screen.findByRole('dialog', { name: 'Review changes to the prompt' });
/** The review's table as [label, before, after] rows. */
const reviewRows = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('table', { name: 'Changed fields' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children, (cell) => cell.textContent));

describe('review before a prompt update', () => {
  test('Update lists exactly what changed, before and after, and the review sends the body the form always sent', async () => {
    const { service, user, path } = await openEdit();
    fireEvent.change(textbox('Name'), { target: { value: 'Category summary v2' } });
    fireEvent.change(textbox('Prompt'), {
      target: { value: 'Summarise {{category}} by {{brand}}' },
    });
    fireEvent.change(textbox('Business Context'), { target: { value: 'Snack foods' } });
    fireEvent.change(textbox('{{category}}'), { target: { value: 'Crisps' } });
    await user.click(screen.getByRole('button', { name: 'Update' }));

    const dialog = await reviewDialog();
    expect(reviewRows(dialog)).toEqual([
      ['Name', 'Category summary', 'Category summary v2'],
      ['Prompt', 'Summarise {{category}} for {{retailer}}', 'Summarise {{category}} by {{brand}}'],
      ['Business Context', '—', 'Snack foods'],
      ['{{category}}', 'Snacks', 'Crisps'],
    ]);
    const variables = within(dialog).getByRole('region', { name: 'Variables' });
    expect(within(variables).getByRole('list', { name: 'Added (1)' })).toHaveTextContent(
      '{{brand}}: —',
    );
    expect(within(variables).getByRole('list', { name: 'Removed (1)' })).toHaveTextContent(
      '{{retailer}}: Amazon',
    );
    expect(service.gateway.callsTo(llmOps.update)).toEqual([]);

    const release = service.gateway.hold(llmOps.update);
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    // Busy while the update is on its way.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Update' })).toBeDisabled(),
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    release();

    await waitFor(() => expect(path()).toBe('/llm_service/prompts'));
    expect(service.gateway.callsTo(llmOps.update).map((c) => c.body)).toEqual([
      {
        promptId: 1,
        newPrompt: 'Summarise {{category}} by {{brand}}',
        newBusinessContext: 'Snack foods',
        metadata: { name: 'Category summary v2', variables: { category: 'Crisps', brand: '' } },
      },
    ]);
  });

  test('Cancel in the review sends nothing, keeps the edits and gives focus back to Update', async () => {
    const { service, user, path } = await openEdit();
    fireEvent.change(textbox('{{retailer}}'), { target: { value: 'Walmart' } });
    // Submitted from the keyboard in a field: focus still comes back to Update.
    fireEvent.submit(textbox('Name').closest('form')!);

    const dialog = await reviewDialog();
    expect(reviewRows(dialog)).toEqual([['{{retailer}}', 'Amazon', 'Walmart']]);
    expect(within(dialog).queryByRole('region', { name: 'Variables' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Update' })).toHaveFocus();
    expect(textbox('{{retailer}}')).toHaveValue('Walmart');
    expect(path()).toBe('/llm_service/prompts/edit/1');
    expect(service.gateway.callsTo(llmOps.update)).toEqual([]);
  });

  test('an Update that changes nothing (spaces aside) sends nothing and says so until the form changes', async () => {
    const { service, user, path } = await openEdit();
    await user.type(textbox('Name'), '  ');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(screen.getByRole('status')).toHaveTextContent('Nothing changed, so nothing was sent.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(path()).toBe('/llm_service/prompts/edit/1');
    expect(service.gateway.callsTo(llmOps.update)).toEqual([]);

    await user.type(textbox('Business Context'), 'x');
    expect(screen.queryByText('Nothing changed, so nothing was sent.')).toBeNull();
  });

  test('a failed update closes the review and shows the inline failure text, keeping what was typed', async () => {
    const { service, user, path } = await openEdit();
    service.gateway.fail(llmOps.update, envelope(500, 'UPSTREAM_ERROR', 'boom'));
    fireEvent.change(textbox('Business Context'), { target: { value: 'Kept' } });
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await user.click(within(await reviewDialog()).getByRole('button', { name: 'Update' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.promptSaveFailed);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(textbox('Business Context')).toHaveValue('Kept');
    expect(path()).toBe('/llm_service/prompts/edit/1');
    expect(service.gateway.failedCalls()).toEqual([llmOps.update.id]);
    expectErrorLogged(/^The prompt could not be saved: ApiError: boom$/);
  });
});
