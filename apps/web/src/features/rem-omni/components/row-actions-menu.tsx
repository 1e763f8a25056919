import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { routePath } from '@/lib/routes';
import type { SetupsFlow } from '../utils/flow';
import type { SetupGroup } from '../utils/group-setups';

interface Props {
  flow: SetupsFlow;
  group: SetupGroup;
  /** Opens the Actions/More details drawer; `opener` gets focus back when it closes. */
  onOpenActions: (group: SetupGroup, opener: HTMLElement) => void;
}

/** A row's menu: See Details, Edit Setup, Actions/More details. */
export function RowActionsMenu({ flow, group, onOpenActions }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label={`Actions for ${group.clientName}`}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVert />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem
          component={Link}
          to={
            flow.kind === 'product'
              ? routePath('productSetupDetail', { id: flow.productId, setupId: group.setupId })
              : routePath('remOmniSetupDetail', { setupId: group.setupId })
          }
          onClick={close}
        >
          See Details
        </MenuItem>
        <MenuItem
          component={Link}
          to={
            flow.kind === 'product'
              ? routePath('productEditSetup', { id: flow.productId, setupId: group.setupId })
              : routePath('remOmniEditSetup', { setupId: group.setupId })
          }
          onClick={close}
        >
          Edit Setup
        </MenuItem>
        <MenuItem
          onClick={() => {
            const opener = anchor;
            close();
            if (opener) onOpenActions(group, opener);
          }}
        >
          Actions/More details
        </MenuItem>
      </Menu>
    </>
  );
}
