/**
 * The page's one-letter keyboard shortcuts (issue 33; docs/requirements.md#keyboard-shortcuts):
 * never while the operator types in a field, never while a dialog, a drawer or a menu is open
 * (the keys are theirs then), never with Ctrl, Alt or Meta (the browser's and the palette's).
 * Light: the shell loads it with every screen.
 */
import { isTypingTarget } from '@onboarding/ui';
import { useEffect, useRef } from 'react';

/**
 * What is open over the page: a dialog (MUI's, the palette's), a temporary drawer or a menu
 * (MUI renders each in a modal root, hidden once closed but kept).
 */
const OVERLAY =
  '[role="dialog"], [role="alertdialog"], [aria-modal="true"], .MuiModal-root:not(.MuiModal-hidden)';

function overlayOpen(): boolean {
  return document.querySelector(OVERLAY) !== null;
}

/** The key of a press meant as a page shortcut, or null (a field's, a dialog's, a chord's). */
function shortcutKey(event: KeyboardEvent): string | null {
  if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return null;
  if (event.isComposing || isTypingTarget(event.target)) return null;
  if (overlayOpen()) return null;
  return event.key;
}

/** Calls the handler of each shortcut key pressed while `enabled` (`?`, `j`: the key as typed). */
export function usePageKeys(
  handlers: Readonly<Record<string, (() => void) | undefined>>,
  enabled = true,
): void {
  // The latest handlers, without subscribing again on every render.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      const key = shortcutKey(event);
      const handler = key === null ? undefined : latest.current[key];
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
