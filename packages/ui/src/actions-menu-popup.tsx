import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useRef, useState, type ElementType } from 'react';
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
  // A chosen action runs once the menu has left: a dialog it opens while the menu is still
  // leaving could be left aria-hidden by MUI's modal manager (seen: the drawer hidden from
  // assistive technology, and from getByRole). Leaving at once keeps the choice instant.
  const chosen = useRef<(() => void) | null>(null);
  const [leaveAtOnce, setLeaveAtOnce] = useState(false);
  return (
    <Menu
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      closeAfterTransition
      transitionDuration={leaveAtOnce ? 0 : 'auto'}
      slotProps={{
        list: { id: menuId },
        transition: {
          onExited: () => {
            const run = chosen.current;
            chosen.current = null;
            setLeaveAtOnce(false);
            run?.();
          },
        },
      }}
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
              if (opener) chosen.current = () => item.onSelect(opener);
              setLeaveAtOnce(true);
              onClose();
            }}
          >
            {item.label}
          </MenuItem>
        ),
      )}
    </Menu>
  );
}
