import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState, type ElementType } from 'react';
import { loadOnce, transitionAfterPaint } from './scheduling.js';

const loadPopup = loadOnce(() => import('./actions-menu-popup.js'));
const ActionsMenuPopup = lazy(loadPopup);

/** Pointer over or focus on a menu button fetches the menu's code before the click. */
function preloadPopup() {
  loadPopup().catch(() => {
    // Tried again on the click; a failure then reaches the screen's error boundary.
  });
}

/** A menu entry that goes somewhere (rendered as a link) or does something. */
export type ActionsMenuItem =
  | { label: string; href: string }
  | {
      label: string;
      /** Called after the menu closed; `opener` is the menu's button (to give focus back to). */
      onSelect: (opener: HTMLElement) => void;
    };

export interface ActionsMenuProps {
  /** The button's accessible name, e.g. `Actions for Acme Foods`. */
  label: string;
  items: readonly ActionsMenuItem[];
  /** The router's link component; it receives `to` with an item's href. Plain `<a href>` without it. */
  linkComponent?: ElementType;
  /**
   * Pointer over or focus on the button, before any click: e.g. to fetch the code of what an
   * item opens, as the menu fetches its own.
   */
  onIntent?: (() => void) | undefined;
}

/**
 * A "more" icon button that opens a menu of actions. The button says it opens a menu and
 * whether it is open; the menu is reached and walked with the keyboard (Enter or Space, then
 * the arrow keys), and Escape or a choice closes it with focus back on the button.
 */
export function ActionsMenu({ label, items, linkComponent, onIntent }: ActionsMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so closing plays its transition.
  const [used, setUsed] = useState(false);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label={label}
        // A press's ripple renders in the mousedown (10–13 ms of script on a 4× slower CPU, before
        // the click can paint); the menu opening is the feedback. Keyboard focus keeps its ripple.
        disableTouchRipple
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onPointerEnter={() => {
          preloadPopup();
          onIntent?.();
        }}
        onFocus={() => {
          preloadPopup();
          onIntent?.();
        }}
        onClick={(e) => {
          const button = e.currentTarget;
          // The press paints at once; the menu's mount (positioning, focus, the page's scroll
          // lock: a layout of the whole page) follows.
          transitionAfterPaint(() => {
            setUsed(true);
            setAnchor(button);
          });
        }}
      >
        <MoreVert />
      </IconButton>
      {used && (
        <Suspense fallback={null}>
          <ActionsMenuPopup
            anchor={anchor}
            menuId={menuId}
            items={items}
            linkComponent={linkComponent}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
