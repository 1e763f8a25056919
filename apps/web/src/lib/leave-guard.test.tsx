import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { LeaveGuard } from './leave-guard';
import { notifyUnauthorized } from './unauthorized';

afterEach(cleanup);

/** A form with a guard; a box marks it edited, Save lets it leave. */
function PromptForm({ edited }: { edited: boolean }) {
  const [dirty, setDirty] = useState(edited);
  const allowed = useRef(false);
  return (
    <>
      <label>
        <input type="checkbox" checked={dirty} onChange={(e) => setDirty(e.target.checked)} />
        Unsaved changes
      </label>
      <button type="button" onClick={() => (allowed.current = true)}>
        Save
      </button>
      <Link to="/prompts">Prompts</Link>
      <Link to="/prompts/4?tab=variables">Variables</Link>
      <LeaveGuard when={dirty} allowed={allowed} />
    </>
  );
}

function renderForm({ edited }: { edited: boolean }) {
  const router = createMemoryRouter(
    [
      { path: '/prompts/4', element: <PromptForm edited={edited} /> },
      { path: '/prompts', element: <h1>Prompts</h1> },
    ],
    { initialEntries: ['/prompts/4'] },
  );
  render(<RouterProvider router={router} />);
  const user = userEvent.setup();
  return {
    user,
    location: () => router.state.location.pathname + router.state.location.search,
    leave: () => user.click(screen.getByRole('link', { name: 'Prompts' })),
  };
}

/** Closes or reloads the tab; true when the browser is to ask first. */
function unload(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

const askedToLeave = () => screen.queryByRole('dialog', { name: 'Leave this page?' });

describe('leaving a form with unsaved changes', () => {
  it('asks first, and stays on Stay', async () => {
    const form = renderForm({ edited: true });
    await form.leave();
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(dialog).toHaveTextContent(
      'You have unsaved changes. If you leave now, they will be lost.',
    );
    expect(form.location()).toBe('/prompts/4');
    await form.user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(askedToLeave()).toBeNull());
    expect(form.location()).toBe('/prompts/4');
    await form.leave();
    await form.user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Prompts' })).toBeVisible();
    expect(form.location()).toBe('/prompts');
  });

  it('stays, without a fault, on more clicks in the dialog as it closes', async () => {
    const faults: unknown[] = [];
    const onFault = (event: ErrorEvent) => faults.push(event.error);
    window.addEventListener('error', onFault);
    try {
      const form = renderForm({ edited: true });
      await form.leave();
      await form.user.dblClick(await screen.findByRole('button', { name: 'Stay' }));
      await form.user.click(screen.getByRole('button', { name: 'Leave' }));
      await waitFor(() => expect(askedToLeave()).toBeNull());
      expect(form.location()).toBe('/prompts/4');
      await form.leave();
      await form.user.dblClick(await screen.findByRole('button', { name: 'Leave' }));
      expect(form.location()).toBe('/prompts');
    } finally {
      window.removeEventListener('error', onFault);
    }
    expect(faults).toEqual([]);
  });

  it('does not ask to move within the form, as to another of its tabs', async () => {
    const form = renderForm({ edited: true });
    await form.user.click(screen.getByRole('link', { name: 'Variables' }));
    expect(form.location()).toBe('/prompts/4?tab=variables');
    expect(askedToLeave()).toBeNull();
  });

  it('does not ask once the form was saved', async () => {
    const form = renderForm({ edited: true });
    await form.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(unload()).toBe(false);
    await form.leave();
    expect(form.location()).toBe('/prompts');
    expect(askedToLeave()).toBeNull();
  });

  it('does not ask on the way to sign-in after the session ended', async () => {
    const form = renderForm({ edited: true });
    notifyUnauthorized();
    expect(unload()).toBe(false);
    await form.leave();
    expect(form.location()).toBe('/prompts');
    expect(askedToLeave()).toBeNull();
  });

  it('has the browser ask before the tab closes, and not once the form has gone', async () => {
    const form = renderForm({ edited: true });
    expect(unload()).toBe(true);
    await form.leave();
    await form.user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(form.location()).toBe('/prompts');
    expect(unload()).toBe(false);
  });
});

describe('leaving a form without unsaved changes', () => {
  it('does not ask', async () => {
    const form = renderForm({ edited: false });
    expect(unload()).toBe(false);
    await form.leave();
    expect(form.location()).toBe('/prompts');
    expect(askedToLeave()).toBeNull();
  });

  it('asks once the form is edited, and no longer once the edit is undone', async () => {
    const form = renderForm({ edited: false });
    const edited = screen.getByRole('checkbox', { name: 'Unsaved changes' });
    await form.user.click(edited);
    expect(unload()).toBe(true);
    await form.user.click(edited);
    expect(unload()).toBe(false);
  });
});
