import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ElementType } from 'react';
import type { ActionsMenuItem } from './actions-menu.js';

interface Props {
  anchor: HTMLElement | null;
  menuId: string;
  items: readonly ActionsMenuItem[];
  linkComponent?: ElementType;
  onClose: () => void;
}

/** The open menu of `ActionsMenu`, in a chunk of its own: a list shows many buttons, few open. */
export default function ActionsMenuPopup({ anchor, menuId, items, linkComponent, onClose }: Props) {
  return (
    <Menu
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      // The page's scroll lock is lifted once the menu has faded out, not in the frame of the
      // choice: unlocking lays the whole page out again, and a drawer or dialog opened by the
      // item keeps the lock without a second layout.
      closeAfterTransition
      slotProps={{ list: { id: menuId } }}
    >
      {items.map((item) =>
        'href' in item ? (
          linkComponent ? (
            <MenuItem key={item.label} component={linkComponent} to={item.href} onClick={onClose}>
              {item.label}
            </MenuItem>
          ) : (
            <MenuItem key={item.label} component="a" href={item.href} onClick={onClose}>
              {item.label}
            </MenuItem>
          )
        ) : (
          <MenuItem
            key={item.label}
            onClick={() => {
              const opener = anchor;
              onClose();
              if (opener) item.onSelect(opener);
            }}
          >
            {item.label}
          </MenuItem>
        ),
      )}
    </Menu>
  );
}
