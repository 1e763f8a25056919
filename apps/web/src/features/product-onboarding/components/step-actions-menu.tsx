import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Step } from '@onboarding/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { routePath } from '@/lib/routes';

/** A step row's menu: Edit Step. */
export function StepActionsMenu({ step }: { step: Step }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label={`Actions for ${step.stepName}`}
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
          to={routePath('editStep', { id: step.productId, stepId: step.stepId })}
          onClick={close}
        >
          Edit Step
        </MenuItem>
      </Menu>
    </>
  );
}
