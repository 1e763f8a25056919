import { afterEach, describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { AppShell } from '../src/app-shell.js';

const KEY = 'test.menu';

function Frame() {
  return (
    <AppShell title="Console" menu={<nav aria-label="Main menu">items</nav>} menuStorageKey={KEY}>
      <h1>Screen</h1>
    </AppShell>
  );
}

afterEach(() => window.localStorage.clear());

// jsdom applies no media query: this is the wide frame; the narrow drawer is a browser test
// (e2e/specs/narrow-window.spec.ts).
describe('AppShell', () => {
  it('hides the permanent menu with Hide menu, and a later visit remembers it', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Frame />);
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Hide menu' }));
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show menu' })).toHaveFocus();
    unmount();

    render(<Frame />);
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show menu' }));
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it('keeps the screen in a main landmark with a skip link to it', () => {
    render(<Frame />);
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { name: 'Screen' }),
    );
  });
});
