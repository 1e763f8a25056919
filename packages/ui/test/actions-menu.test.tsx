import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import Dialog from '@mui/material/Dialog';
import { forwardRef, useState, type AnchorHTMLAttributes } from 'react';
import { ActionsMenu, type ActionsMenuItem } from '../src/actions-menu.js';

const RouterLink = forwardRef<
  HTMLAnchorElement,
  AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }
>(function RouterLink({ to, ...rest }, ref) {
  return <a ref={ref} href={`#router${to}`} {...rest} />;
});

function renderMenu(onOpenDrawer = jest.fn<(opener: HTMLElement) => void>()) {
  const items: ActionsMenuItem[] = [
    { label: 'See Details', href: '/setups/7' },
    { label: 'Actions/More details', onSelect: onOpenDrawer },
  ];
  const user = userEvent.setup();
  render(<ActionsMenu label="Actions for Acme Foods" items={items} linkComponent={RouterLink} />);
  return {
    user,
    onOpenDrawer,
    button: screen.getByRole('button', { name: 'Actions for Acme Foods' }),
  };
}

describe('ActionsMenu', () => {
  it('is a button named by its label that says it opens a menu, closed at first', () => {
    const { button } = renderMenu();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).not.toHaveAttribute('aria-controls');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens on click with its items in order, the button pointing at the open menu', async () => {
    const { user, button } = renderMenu();
    await user.click(button);
    const menu = await screen.findByRole('menu');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'See Details',
      'Actions/More details',
    ]);
  });

  it("renders a link item through the router's link with the item's address", async () => {
    const { user, button } = renderMenu();
    await user.click(button);
    expect(await screen.findByRole('menuitem', { name: 'See Details' })).toHaveAttribute(
      'href',
      '#router/setups/7',
    );
  });

  it('renders a link item as a plain link when no router link is given', async () => {
    const user = userEvent.setup();
    render(
      <ActionsMenu label="Actions for Step 1" items={[{ label: 'Edit Step', href: '/s/1' }]} />,
    );
    await user.click(screen.getByRole('button', { name: 'Actions for Step 1' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit Step' })).toHaveAttribute(
      'href',
      '/s/1',
    );
  });

  it('is reached and used with the keyboard alone, and hands the button to an action', async () => {
    const { user, button, onOpenDrawer } = renderMenu();
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'See Details' })).toHaveFocus(),
    );
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Actions/More details' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onOpenDrawer).toHaveBeenCalledTimes(1);
    expect(onOpenDrawer.mock.calls[0]?.[0]).toBe(button);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape with focus back on the button', async () => {
    const { user, button, onOpenDrawer } = renderMenu();
    await user.tab();
    await user.keyboard(' ');
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'See Details' })).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(onOpenDrawer).not.toHaveBeenCalled();
  });

  it('closes when a link item is chosen, focus back on the button', async () => {
    const { user, button } = renderMenu();
    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: 'See Details' }));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it('opens what an item opens only once the menu has gone, so it is not hidden from assistive technology', async () => {
    const menusWhenChosen: number[] = [];
    function WithDrawer() {
      const [open, setOpen] = useState(false);
      const select = () => {
        menusWhenChosen.push(screen.queryAllByRole('menu').length);
        setOpen(true);
      };
      return (
        <>
          <ActionsMenu
            label="Actions for Acme Foods"
            items={[{ label: 'Actions/More details', onSelect: select }]}
          />
          <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="drawer-title">
            <h2 id="drawer-title">Acme Foods</h2>
            <button>Re-trigger Amazon</button>
          </Dialog>
        </>
      );
    }
    const user = userEvent.setup();
    render(<WithDrawer />);
    await user.click(screen.getByRole('button', { name: 'Actions for Acme Foods' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Actions/More details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acme Foods' });
    // Two modals at once (the menu still leaving) is what left the drawer aria-hidden in Chromium.
    expect(menusWhenChosen).toEqual([0]);
    expect(dialog.closest('[aria-hidden="true"]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Re-trigger Amazon' })).toBeVisible();
  });
});
