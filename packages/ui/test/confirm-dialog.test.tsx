import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog } from '../src/confirm-dialog.js';

function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Delete</button>
      <ConfirmDialog
        open={open}
        title="Delete item"
        message="Delete the item?"
        confirmLabel="Yes"
        onConfirm={() => {
          onConfirm();
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('asks, confirms, and returns focus to the opener', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    render(<Harness onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Delete item' });
    expect(dialog).toHaveTextContent('Delete the item?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('does nothing when cancelled with Escape', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    render(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("stays open when a double-click's second click lands outside it; a later click outside cancels", async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    let now = 1_000;
    const clock = jest.spyOn(performance, 'now').mockImplementation(() => now);
    try {
      render(<Harness onConfirm={onConfirm} />);
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      // Where the opener was, the dialog's backdrop is now: the double-click's second click.
      const outside = () => document.querySelector('.MuiDialog-container') as HTMLElement;
      now += 200;
      await user.click(outside());
      expect(screen.getByRole('dialog', { name: 'Delete item' })).toBeVisible();
      now += 600;
      await user.click(outside());
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(onConfirm).not.toHaveBeenCalled();
    } finally {
      clock.mockRestore();
    }
  });
});
