import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { RippleWarmUp } from './ripple-warm-up.js';

export interface AppShellProps {
  /** The product name in the app bar. */
  title: string;
  /** Right-hand side of the app bar (signed-in user, sign out). */
  appBarEnd?: ReactNode;
  /** The side menu. */
  menu: ReactNode;
  children: ReactNode;
  menuWidth?: number;
}

const MAIN_ID = 'main-content';

/** Page frame: app bar on top, a permanent side menu on the left, the screen on the right. */
export function AppShell({ title, appBarEnd, menu, children, menuWidth = 264 }: AppShellProps) {
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Link
        href={`#${MAIN_ID}`}
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 2000,
          bgcolor: 'background.paper',
          p: 1,
          '&:focus': { top: 8 },
        }}
      >
        Skip to main content
      </Link>
      <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 2 }}>
          <Typography component="div" variant="h6" noWrap sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          {appBarEnd}
        </Toolbar>
      </AppBar>
      <Drawer
        variant="permanent"
        sx={{
          width: menuWidth,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: menuWidth, boxSizing: 'border-box' },
        }}
      >
        <Toolbar />
        <Box sx={{ overflowY: 'auto' }}>{menu}</Box>
      </Drawer>
      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, p: 3, outline: 'none' }}
      >
        <Toolbar />
        {children}
      </Box>
      <RippleWarmUp />
    </Box>
  );
}
