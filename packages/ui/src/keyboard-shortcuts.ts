/**
 * Page-wide keyboard shortcuts. Kept apart from the components they open, so a screen that only
 * listens for a key does not bring the component's code along (the palette loads on demand).
 */
import { useEffect } from 'react';

/** True for a key press meant for the page, not for a field being typed in. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/** Calls `onOpen` on Ctrl+K or ⌘+K anywhere on the page (in a field too). */
export function usePaletteShortcut(onOpen: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        onOpen();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onOpen]);
}
