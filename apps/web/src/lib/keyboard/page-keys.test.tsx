import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, renderHook } from '@testing-library/react';
import { usePageKeys } from './page-keys';

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
});

type Handlers = Record<string, (() => void) | undefined>;

function keys(handlers: Handlers, enabled?: boolean) {
  return renderHook((props) => usePageKeys(props.handlers, props.enabled), {
    initialProps: { handlers, enabled },
  });
}

/** Presses `key` on `target` (the page by default); true when the page's default still applies. */
function press(key: string, init: KeyboardEventInit = {}, target: Element = document.body) {
  return fireEvent.keyDown(target, { key, ...init });
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  document.body.append(el);
  return el;
}

describe("the page's one-letter shortcuts", () => {
  it("calls the pressed key's handler and keeps the browser from acting on it", () => {
    const next = jest.fn();
    const help = jest.fn();
    keys({ j: next, '?': help });
    expect(press('j')).toBe(false);
    expect(press('?', { shiftKey: true })).toBe(false);
    expect(next).toHaveBeenCalledTimes(1);
    expect(help).toHaveBeenCalledTimes(1);
  });

  it('leaves a key with no handler to the browser', () => {
    const next = jest.fn();
    keys({ j: next, k: undefined });
    expect(press('k')).toBe(true);
    expect(press('x')).toBe(true);
    expect(press('J', { shiftKey: true })).toBe(true);
    expect(next).not.toHaveBeenCalled();
  });

  it('does nothing with Ctrl, Alt or Meta held', () => {
    const next = jest.fn();
    keys({ j: next });
    expect(press('j', { ctrlKey: true })).toBe(true);
    expect(press('j', { altKey: true })).toBe(true);
    expect(press('j', { metaKey: true })).toBe(true);
    expect(next).not.toHaveBeenCalled();
  });

  it('does nothing while the operator types in a field', () => {
    const next = jest.fn();
    keys({ j: next });
    press('j', {}, element('input'));
    press('j', {}, element('textarea'));
    press('j', {}, element('select'));
    expect(next).not.toHaveBeenCalled();
  });

  it('does nothing while a key composes a character', () => {
    const next = jest.fn();
    keys({ j: next });
    press('j', { isComposing: true });
    expect(next).not.toHaveBeenCalled();
  });

  it('does nothing with a key the page already acted on', () => {
    const next = jest.fn();
    keys({ j: next });
    const row = element('div');
    row.addEventListener('keydown', (event) => event.preventDefault());
    press('j', {}, row);
    expect(next).not.toHaveBeenCalled();
  });

  it.each([
    ['a dialog', { role: 'dialog' }],
    ['an alert dialog', { role: 'alertdialog' }],
    ['a modal', { 'aria-modal': 'true' }],
    ['a drawer or a menu', { class: 'MuiModal-root' }],
  ])('does nothing while %s is open', (_what, attributes) => {
    const next = jest.fn();
    keys({ j: next });
    const overlay = element('div', attributes);
    expect(press('j')).toBe(true);
    expect(next).not.toHaveBeenCalled();
    overlay.remove();
    press('j');
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('acts while a drawer or a menu is closed but kept', () => {
    const next = jest.fn();
    keys({ j: next });
    element('div', { class: 'MuiModal-root MuiModal-hidden' });
    press('j');
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('calls the handlers of the latest render', () => {
    const first = jest.fn();
    const latest = jest.fn();
    const page = keys({ j: first });
    page.rerender({ handlers: { j: latest }, enabled: undefined });
    press('j');
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledTimes(1);
  });

  it('does nothing while switched off, and acts again once switched on', () => {
    const next = jest.fn();
    const page = keys({ j: next }, false);
    expect(press('j')).toBe(true);
    expect(next).not.toHaveBeenCalled();
    page.rerender({ handlers: { j: next }, enabled: true });
    press('j');
    expect(next).toHaveBeenCalledTimes(1);
    page.rerender({ handlers: { j: next }, enabled: false });
    press('j');
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('does nothing once the screen that set them has gone', () => {
    const next = jest.fn();
    keys({ j: next }).unmount();
    expect(press('j')).toBe(true);
    expect(next).not.toHaveBeenCalled();
  });
});
