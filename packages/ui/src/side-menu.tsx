import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useId, useState, type ElementType } from 'react';

export interface SideMenuItem {
  id: string;
  label: string;
  href: string;
  /** Highlighted: the current route is exactly this item's route. */
  active: boolean;
}

export interface SideMenuGroup {
  id: string;
  title: string;
  items: readonly SideMenuItem[];
}

export interface SideMenuProps {
  groups: readonly SideMenuGroup[];
  /** The router's link component; it receives `to` with the item's href. */
  linkComponent: ElementType;
  label?: string;
}

/** The side menu: collapsible sections (collapsed at first) with uppercase titles. */
export function SideMenu({ groups, linkComponent, label = 'Main menu' }: SideMenuProps) {
  return (
    <nav aria-label={label}>
      <List disablePadding>
        {groups.map((group) => (
          <MenuSection key={group.id} group={group} linkComponent={linkComponent} />
        ))}
      </List>
    </nav>
  );
}

function MenuSection({
  group,
  linkComponent,
}: {
  group: SideMenuGroup;
  linkComponent: ElementType;
}) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const hasActive = group.items.some((item) => item.active);
  return (
    <li>
      <ListItemButton
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((o) => !o)}
        sx={{ py: 1.25 }}
      >
        <ListItemText
          primary={group.title}
          slotProps={{
            primary: {
              sx: {
                textTransform: 'uppercase',
                fontSize: '0.78rem',
                fontWeight: 700,
                letterSpacing: '0.04em',
                color: hasActive ? 'primary.main' : 'text.secondary',
              },
            },
          }}
        />
        {open ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />}
      </ListItemButton>
      <Collapse in={open} timeout="auto">
        <List id={regionId} disablePadding>
          {group.items.map((item) => (
            <li key={item.id}>
              <ListItemButton
                component={linkComponent}
                to={item.href}
                selected={item.active}
                aria-current={item.active ? 'page' : undefined}
                sx={{ pl: 4 }}
              >
                <ListItemText primary={item.label} />
              </ListItemButton>
            </li>
          ))}
        </List>
      </Collapse>
    </li>
  );
}
