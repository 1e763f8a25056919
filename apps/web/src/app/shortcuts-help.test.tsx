import { describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { signedInGateway } from '@test/signed-in';

screenTestHooks();

type App = ReturnType<typeof renderApp>;

/** Presses `?` until the dialog shows: the key's listener loads when the page is idle. */
async function pressQuestionMark(app: App) {
  await waitFor(async () => {
    await app.user.keyboard('?');
    expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
  });
  return screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
}

async function openPerformance() {
  const app = renderApp('/performance-metric', signedInGateway());
  await screen.findByText('Performance Coming Soon!');
  return app;
}

describe('the keyboard shortcuts dialog', () => {
  it('? lists every shortcut, and Close gives focus back', async () => {
    const app = await openPerformance();
    const menuButton = screen.getAllByRole('button')[0]!;
    act(() => menuButton.focus());
    const dialog = await pressQuestionMark(app);
    const keys = within(dialog)
      .getAllByRole('row')
      .map((row) => row.textContent);
    for (const line of [
      '?Show this list of shortcuts',
      'CtrlKOpen the command palette (⌘ K on a Mac), in a field too',
      '/On a list: go to its search',
      'jMove to the next row',
      'kMove to the previous row',
      'xSelect the row, or unselect it',
      'rPreview a re-trigger of the selected rows',
      'fPreview a Refresh Data of the selected rows',
      'EscapeClose it',
    ])
      expect(keys).toContain(line);
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(menuButton).toHaveFocus();
  });

  it('? typed in a field is text, and with Ctrl or Alt it opens nothing', async () => {
    const app = renderApp('/rem_omni/see_all', signedInGateway());
    const search = await screen.findByPlaceholderText('Search client name');
    // The listener is there: ? outside a field opens the dialog; Escape closes it.
    await pressQuestionMark(app);
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await app.user.click(search);
    await app.user.keyboard('?');
    expect(search).toHaveValue('?');
    await app.user.click(screen.getByRole('heading', { name: 'Setups', level: 1 }));
    await app.user.keyboard('{Control>}?{/Control}{Alt>}?{/Alt}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Without a modifier, outside the field: the dialog.
    await app.user.keyboard('?');
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
  });
});
