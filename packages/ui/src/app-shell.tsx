import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useId, useState, type MouseEvent, type ReactNode } from 'react';
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
  /** Where the wide screen's Hide menu choice is remembered (localStorage). */
  menuStorageKey?: string;
}

const MAIN_ID = 'main-content';
/** MUI's md breakpoint, where the permanent menu takes over from the drawer. */
const WIDE = '(min-width: 900px)';

/*
 * Written wide-first, the narrow layout under a max-width query: jsdom (the component tests)
 * applies no media query, so there the frame is the wide one the specification describes.
 */
const NARROW = '@media (max-width: 899.95px)';
const wideOnly = (display: string) => ({ display, [NARROW]: { display: 'none' } });
const narrowOnly = (display: string) => ({ display: 'none', [NARROW]: { display } });

function readHidden(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === 'hidden';
  } catch {
    // Storage refused (private mode, policy): the menu shows, as by default.
    return false;
  }
}

function writeHidden(key: string, hidden: boolean): void {
  try {
    if (hidden) window.localStorage.setItem(key, 'hidden');
    else window.localStorage.removeItem(key);
  } catch {
    // Not remembered; the choice still holds for this visit.
  }
}

/**
 * Page frame: app bar on top, the side menu on the left, the screen on the right. From the md
 * breakpoint (900 px) the menu is permanent, and Hide menu / Show menu (remembered) folds it
 * away for a half-screen window; below it the menu is a drawer behind Open menu, closed by
 * Escape, the backdrop or a link chosen in it. Which of the two shows is CSS alone, so the
 * first paint is right at any width.
 */
export function AppShell({
  title,
  appBarEnd,
  menu,
  children,
  menuWidth = 264,
  menuStorageKey = 'app-shell.menu',
}: AppShellProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [hidden, setHidden] = useState(() => readHidden(menuStorageKey));
  const menuId = useId();
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  // Widened past md with the drawer open: it would stay open (and the page inert) out of view.
  useEffect(() => {
    if (!drawerOpen || typeof window.matchMedia !== 'function') return undefined;
    const wide = window.matchMedia(WIDE);
    const close = () => {
      if (wide.matches) closeDrawer();
    };
    wide.addEventListener('change', close);
    return () => wide.removeEventListener('change', close);
  }, [drawerOpen, closeDrawer]);
  const toggleHidden = () => {
    writeHidden(menuStorageKey, !hidden);
    setHidden(!hidden);
  };
  // A link chosen in the drawer navigates; the drawer closes and focus goes back to Open menu.
  const closeOnLink = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) closeDrawer();
  };
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
        <Toolbar
          sx={{
            gap: { xs: 1, sm: 2 },
            px: { xs: 1, sm: 2 },
            // The title gives way (ellipsis); the app bar's buttons keep their one line.
            '& .MuiButton-root': { whiteSpace: 'nowrap', flexShrink: 0 },
          }}
        >
          <IconButton
            color="inherit"
            aria-label="Open menu"
            aria-haspopup="dialog"
            onClick={() => setDrawerOpen(true)}
            sx={narrowOnly('inline-flex')}
          >
            <MenuIcon />
          </IconButton>
          <IconButton
            color="inherit"
            aria-label={hidden ? 'Show menu' : 'Hide menu'}
            aria-controls={menuId}
            onClick={toggleHidden}
            sx={wideOnly('inline-flex')}
          >
            {hidden ? <MenuIcon /> : <MenuOpenIcon />}
          </IconButton>
          <Typography
            component="div"
            variant="h6"
            noWrap
            sx={{ flexGrow: 1, minWidth: 0, fontSize: { xs: '1.05rem', sm: '1.25rem' } }}
          >
            {title}
          </Typography>
          {appBarEnd}
        </Toolbar>
      </AppBar>
      <Drawer
        id={menuId}
        variant="permanent"
        sx={{
          ...wideOnly(hidden ? 'none' : 'block'),
          width: menuWidth,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: menuWidth, boxSizing: 'border-box' },
        }}
      >
        <Toolbar />
        <Box sx={{ overflowY: 'auto' }}>{menu}</Box>
      </Drawer>
      <Drawer
        variant="temporary"
        open={drawerOpen}
        onClose={closeDrawer}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-modal': true,
            'aria-label': 'Menu',
            onClick: closeOnLink,
            sx: { width: `min(${menuWidth}px, 85vw)` },
          },
        }}
        // Over the app bar (which sits above the permanent menu), as a modal belongs.
        sx={(theme) => ({ ...narrowOnly('block'), zIndex: theme.zIndex.drawer + 2 })}
      >
        {menu}
      </Drawer>
      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 }, outline: 'none' }}
      >
        <Toolbar />
        {children}
      </Box>
      <RippleWarmUp />
    </Box>
  );
}
