import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

export interface SideSheetProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** Width as a share of the viewport. */
  widthPercent?: number;
  /**
   * Where focus goes once the sheet has closed (e.g. the menu button that led to it, when the
   * menu item that opened it is gone). Without it, focus returns to what had it before.
   */
  returnFocusTo?: HTMLElement | null;
  /** Extra content at the right of the title bar (e.g. "Updated 3 s ago"). */
  headerExtra?: ReactNode;
  children: ReactNode;
}

/** A right-hand drawer with a title and a close button; focus returns to the opener on close. */
export function SideSheet({
  open,
  title,
  onClose,
  widthPercent = 70,
  returnFocusTo,
  headerExtra,
  children,
}: SideSheetProps) {
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      disableRestoreFocus={returnFocusTo != null}
      // Above the app bar (which sits above the permanent side menu), like any other modal.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        transition: { onExited: () => returnFocusTo?.focus() },
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          // On a phone the sheet takes the whole width: 70 % of 390 px leaves its table no room.
          sx: { width: `${widthPercent}%`, '@media (max-width: 599.95px)': { width: '100%' } },
        },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: { xs: 2, sm: 3 },
          py: 2,
          gap: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography id={titleId} component="h2" variant="h2">
          {title}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          {headerExtra}
          <IconButton aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
      </Box>
      <Box sx={{ p: { xs: 2, sm: 3 }, overflowY: 'auto' }}>{children}</Box>
    </Drawer>
  );
}
