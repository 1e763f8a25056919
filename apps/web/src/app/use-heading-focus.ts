import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a screen's heading is waited for (its code or data may still be on the way). */
const HEADING_WAIT_MS = 10_000;

/**
 * Moves focus to the screen's heading (its h1, made focusable with tabindex -1) after each move
 * to another screen (docs/requirements.md#decision-heading-focus): otherwise focus stays on the
 * palette's launcher or a menu link, or falls to <body>, and a keyboard or screen-reader user
 * starts again from the top. The first screen is left alone, and so is focus that has gone
 * somewhere since the move: a field the screen focuses on opening, a dialog opened while the
 * screen loads (nothing moves while one is open). Changes of the query string (a list's page or
 * search) are not moves.
 */
export function useHeadingFocus(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return undefined;
    }
    // Where focus was when the move was made: still there (or on <body>), it is ours to move.
    const before = document.activeElement;
    const settle = (): boolean => {
      const main = document.querySelector('main');
      if (!main) return false;
      const active = document.activeElement;
      if (active && active !== main && main.contains(active)) return true;
      if (active && active !== document.body && active !== before) return true;
      // A dialog open meanwhile (the palette, pressed while the screen loads) keeps focus; taken
      // from it, its focus trap would pull focus back to its frame, not to its field.
      if (document.querySelector('[role="dialog"]')) return false;
      const heading = main.querySelector('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    };
    if (settle()) return undefined;
    const observer = new MutationObserver(() => {
      if (settle()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname]);
}
