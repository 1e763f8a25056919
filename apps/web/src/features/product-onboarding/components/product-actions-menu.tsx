import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Product } from '@onboarding/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { routePath } from '@/lib/routes';

/** A product row's menu: Edit Product, View All Step, View All Setup. */
export function ProductActionsMenu({ product }: { product: Product }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  const id = product.productId;
  return (
    <>
      <IconButton
        aria-label={`Actions for ${product.productName}`}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVert />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem component={Link} to={routePath('editProduct', { id })} onClick={close}>
          Edit Product
        </MenuItem>
        <MenuItem component={Link} to={routePath('stepDetails', { id })} onClick={close}>
          View All Step
        </MenuItem>
        <MenuItem component={Link} to={routePath('seeAllSetup', { id })} onClick={close}>
          View All Setup
        </MenuItem>
      </Menu>
    </>
  );
}
