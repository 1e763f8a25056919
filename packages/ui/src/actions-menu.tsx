import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState, type ElementType } from 'react';

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
}

/**
 * A "more" icon button that opens a menu of actions. The button says it opens a menu and
 * whether it is open; the menu is reached and walked with the keyboard (Enter or Space, then
 * the arrow keys), and Escape or a choice closes it with focus back on the button.
 */
export function ActionsMenu({ label, items, linkComponent }: ActionsMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVert />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{ list: { id: menuId } }}
      >
        {items.map((item) =>
          'href' in item ? (
            linkComponent ? (
              <MenuItem key={item.label} component={linkComponent} to={item.href} onClick={close}>
                {item.label}
              </MenuItem>
            ) : (
              <MenuItem key={item.label} component="a" href={item.href} onClick={close}>
                {item.label}
              </MenuItem>
            )
          ) : (
            <MenuItem
              key={item.label}
              onClick={() => {
                const opener = anchor;
                close();
                if (opener) item.onSelect(opener);
              }}
            >
              {item.label}
            </MenuItem>
          ),
        )}
      </Menu>
    </>
  );
}
