import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { CommandPalette, type PaletteItem } from '../src/command-palette.js';
import { usePaletteShortcut } from '../src/keyboard-shortcuts.js';

const ITEMS: PaletteItem[] = [
  { id: 'screen:list', label: 'Setups', group: 'Screens', hint: '/rem_omni/see_all' },
  { id: 'screen:prompts', label: 'Prompts', group: 'Screens' },
  { id: 'client:acme', label: 'acme foods', group: 'Clients' },
];

function Harness({ onSelect }: { onSelect: (item: PaletteItem) => void }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  usePaletteShortcut(() => setOpen(true));
  const items = ITEMS.filter((i) => i.label.toLowerCase().includes(query.toLowerCase()));
  return (
    <>
      <button>Page</button>
      <CommandPalette
        open={open}
        onClose={() => setOpen(false)}
        items={items}
        query={query}
        onQueryChange={setQuery}
        onSelect={(item) => {
          onSelect(item);
          setOpen(false);
          setQuery('');
        }}
      />
    </>
  );
}

describe('CommandPalette', () => {
  it('opens on Ctrl+K or ⌘+K, lists items by group and jumps with the keyboard', async () => {
    const user = userEvent.setup();
    const onSelect = jest.fn();
    render(<Harness onSelect={onSelect} />);
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
    const input = within(dialog).getByRole('combobox', { name: 'Jump to' });
    expect(input).toHaveFocus();
    expect(within(dialog).getByRole('group', { name: 'Screens' })).toBeInTheDocument();
    await user.type(input, 'acme');
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['acme foods']);
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(ITEMS[2]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.keyDown(document.body, { key: 'K', metaKey: true });
    const again = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(ITEMS[1]);
    await waitFor(() => expect(again).not.toBeInTheDocument());
  });

  it('closes on Escape and gives focus back to where it was', async () => {
    const user = userEvent.setup();
    render(<Harness onSelect={() => {}} />);
    const page = screen.getByRole('button', { name: 'Page' });
    page.focus();
    fireEvent.keyDown(page, { key: 'k', ctrlKey: true });
    const input = await screen.findByRole('combobox', { name: 'Jump to' });
    await user.type(input, 'set');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(page).toHaveFocus();
  });

  it('reads out each status line under the results and describes the field with them', () => {
    const palette = (status?: string[]) => (
      <CommandPalette
        open
        onClose={() => {}}
        items={ITEMS}
        query=""
        onQueryChange={() => {}}
        onSelect={() => {}}
        status={status}
      />
    );
    const { rerender } = render(palette());
    const input = screen.getByRole('combobox', { name: 'Jump to' });
    expect(input).not.toHaveAttribute('aria-describedby');
    const regions = screen.getAllByRole('status');
    rerender(palette(['Search failed: Upstream failed', 'More screens match: type more.']));
    const lines = ['Search failed: Upstream failed', 'More screens match: type more.'];
    // The lines land in a live region that was already there, so they are announced.
    const region = regions.find((r) => r.textContent === lines.join(''));
    expect(region).toBeDefined();
    expect(
      within(region!)
        .getAllByText(/./)
        .map((p) => p.textContent),
    ).toEqual(lines);
    expect(input).toHaveAccessibleDescription(lines.join(' '));
  });

  it('says when nothing matches', async () => {
    const user = userEvent.setup();
    render(<Harness onSelect={() => {}} />);
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    await user.type(await screen.findByRole('combobox', { name: 'Jump to' }), 'zzz');
    expect(screen.getByText('Nothing matches')).toBeInTheDocument();
  });
});
