import { describe, expect, test } from '@jest/globals';
import { llmOps, MESSAGES, sessionOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { call } from '@/lib/api-client';
import { envelope } from '@test/fake-gateway';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { OPERATOR } from '@test/signed-in';
import { fakeLlmService } from '../testing/fake-llm-service';

const summary = fixtures.prompt({
  prompt_id: 1,
  prompt: 'Summarise {{category}}',
  business_context: null,
  metadata: { name: 'Category summary', variables: { category: 'Snacks' } },
});

screenTestHooks();

/** The prompt service behind a signed-in session, and the whole app at `path`. */
function openApp(path: string) {
  const service = fakeLlmService([summary], []);
  service.gateway.on(sessionOps.config, fixtures.sessionConfig({ user: { email: OPERATOR } }));
  return { service, ...renderApp(path, service.gateway) };
}

const textbox = (name: string) => screen.getByRole('textbox', { name });

describe('one request per intent', () => {
  test('a double-click on Add sends one prompt and goes to the list', async () => {
    const { service, user } = openApp('/llm_service/prompts/add');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), {
      target: { value: 'Weekly brief' },
    });
    fireEvent.change(textbox('Prompt'), { target: { value: 'Write the weekly brief' } });
    await user.dblClick(screen.getByRole('button', { name: 'Add' }));
    await screen.findByRole('heading', { name: 'Prompts' });
    expect(service.gateway.callsTo(llmOps.add)).toHaveLength(1);
  });

  test('a double-click on Delete in the confirmation sends one DELETE and says it was deleted', async () => {
    const { service, user } = openApp('/llm_service/prompts');
    await user.click(await screen.findByRole('button', { name: 'Actions for Category summary' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete prompt' });
    await user.dblClick(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Prompt “Category summary” deleted')).toBeInTheDocument();
    expect(service.gateway.callsTo(llmOps.delete)).toHaveLength(1);
    expect(screen.queryByText(/could not be deleted/)).not.toBeInTheDocument();
  });
});

describe('a session that ends while a prompt is being written', () => {
  test('Add leads to sign-in saying so, sends nothing more, and the draft is back after signing in again', async () => {
    const { service, user, router, location } = openApp('/llm_service/prompts/add');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), {
      target: { value: 'Weekly brief' },
    });
    fireEvent.change(textbox('Prompt'), { target: { value: 'Write the weekly brief' } });
    // Signed out in another tab: every call now answers 401.
    const signedOut = envelope(401, 'UNAUTHENTICATED', 'Sign in first');
    for (const op of [sessionOps.config, llmOps.add, llmOps.getAllClients, llmOps.getAll]) {
      service.gateway.fail(op, signedOut);
    }
    const before = service.gateway.requests.length;
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Your session ended — sign in again')).toBeInTheDocument();
    expect(location()).toBe('/login?returnTo=%2Fllm_service%2Fprompts%2Fadd');
    expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).not.toBeInTheDocument();
    expect(service.gateway.requests.slice(before).map((r) => r.op)).toEqual([llmOps.add.id]);

    // Signed in again: sign-in returns to the form's address.
    for (const op of [sessionOps.config, llmOps.add, llmOps.getAllClients, llmOps.getAll]) {
      service.gateway.heal(op);
    }
    await act(() => router.navigate('/llm_service/prompts/add'));
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Weekly brief');
    expect(textbox('Prompt')).toHaveValue('Write the weekly brief');
  });
});

describe('a prompt saved in another tab while this one edits it', () => {
  test('the review shows the saved version as Before and warns, before anything is sent', async () => {
    const { service, user } = openApp('/llm_service/prompts/edit/1');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Business Context' }), {
      target: { value: 'Snack foods' },
    });
    // The other tab renames the prompt.
    await call(llmOps.update, {
      body: {
        promptId: 1,
        newPrompt: 'Summarise {{category}}',
        newBusinessContext: '',
        metadata: { name: 'Renamed elsewhere', variables: { category: 'Snacks' } },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Update' }));

    const dialog = await screen.findByRole('dialog', { name: 'Review changes to the prompt' });
    expect(
      within(dialog).getByText(
        'Changed elsewhere since you opened it. “Before” shows what is saved now.',
      ),
    ).toBeInTheDocument();
    const rows = within(within(dialog).getByRole('table', { name: 'Changed fields' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Name', 'Renamed elsewhere', 'Category summary'],
      ['Business Context', '—', 'Snack foods'],
    ]);
    // Only the other tab's update has been sent.
    expect(service.gateway.callsTo(llmOps.update)).toHaveLength(1);
  });

  test('with nobody else saving, the review warns of nothing', async () => {
    const { user } = openApp('/llm_service/prompts/edit/1');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Business Context' }), {
      target: { value: 'Snack foods' },
    });
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review changes to the prompt' });
    expect(within(dialog).queryByText(/Changed elsewhere/)).not.toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getAllByRole('row')).toHaveLength(2));
  });
});

describe('a session that ends while a prompt is edited', () => {
  test('Update in the review leads to sign-in without the red failure text showing, even briefly', async () => {
    const { service, user, location } = openApp('/llm_service/prompts/edit/1');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Business Context' }), {
      target: { value: 'Snack foods' },
    });
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review changes to the prompt' });
    // Watches every change of the page from here on, so a text shown for a moment counts.
    let flashed = false;
    const observer = new MutationObserver(() => {
      flashed ||= document.body.textContent?.includes(MESSAGES.promptSaveFailed) ?? false;
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    const signedOut = envelope(401, 'UNAUTHENTICATED', 'Sign in first');
    for (const op of [sessionOps.config, llmOps.update, llmOps.get, llmOps.getAll]) {
      service.gateway.fail(op, signedOut);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Your session ended — sign in again')).toBeInTheDocument();
    observer.disconnect();
    expect(location()).toBe('/login?returnTo=%2Fllm_service%2Fprompts%2Fedit%2F1');
    expect(flashed).toBe(false);
  });
});
