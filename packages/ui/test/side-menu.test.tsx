import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { SideMenu, type SideMenuGroup } from '../src/side-menu.js';

const TestLink = forwardRef<
  HTMLAnchorElement,
  AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }
>(function TestLink({ to, ...rest }, ref) {
  return <a ref={ref} href={to} {...rest} />;
});

const groups: SideMenuGroup[] = [
  {
    id: 'a',
    title: 'Category Leaderboard - Omnichannel',
    items: [
      { id: 'new', label: 'New Setup', href: '/new', active: false },
      { id: 'all', label: 'See All', href: '/all', active: true },
    ],
  },
  {
    id: 'b',
    title: 'LLM Service',
    items: [{ id: 'p', label: 'Prompts', href: '/p', active: false }],
  },
];

describe('SideMenu', () => {
  it('starts with every section collapsed and opens one on click', async () => {
    const user = userEvent.setup();
    render(<SideMenu groups={groups} linkComponent={TestLink} />);
    const section = screen.getByRole('button', { name: 'Category Leaderboard - Omnichannel' });
    expect(section).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'New Setup' })).not.toBeInTheDocument();

    await user.click(section);
    expect(section).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'New Setup' })).toHaveAttribute('href', '/new');
    expect(screen.queryByRole('link', { name: 'Prompts' })).not.toBeInTheDocument();

    await user.click(section);
    expect(section).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows section titles in uppercase', () => {
    render(<SideMenu groups={groups} linkComponent={TestLink} />);
    expect(screen.getByText('LLM Service')).toHaveStyle({ textTransform: 'uppercase' });
  });

  it('marks the item of the current route as the current page', async () => {
    const user = userEvent.setup();
    render(<SideMenu groups={groups} linkComponent={TestLink} />);
    await user.click(screen.getByRole('button', { name: 'Category Leaderboard - Omnichannel' }));
    expect(screen.getByRole('link', { name: 'See All' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'New Setup' })).not.toHaveAttribute('aria-current');
  });

  it('can be opened from the keyboard', async () => {
    const user = userEvent.setup();
    render(<SideMenu groups={groups} linkComponent={TestLink} />);
    await user.tab();
    expect(
      screen.getByRole('button', { name: 'Category Leaderboard - Omnichannel' }),
    ).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(screen.getByRole('link', { name: 'New Setup' })).toHaveFocus();
  });
});
