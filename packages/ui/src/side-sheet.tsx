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
  children: ReactNode;
}

/** A right-hand drawer with a title and a close button; focus returns to the opener on close. */
export function SideSheet({ open, title, onClose, widthPercent = 70, children }: SideSheetProps) {
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          sx: { width: `${widthPercent}%` },
        },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: 3,
          py: 2,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography id={titleId} component="h2" variant="h2">
          {title}
        </Typography>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ p: 3, overflowY: 'auto' }}>{children}</Box>
    </Drawer>
  );
}
