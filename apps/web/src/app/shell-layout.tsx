import Typography from '@mui/material/Typography';
import { AppShell, LoadingOverlay, SideMenu, type SideMenuGroup } from '@onboarding/ui';
import { useMemo } from 'react';
import { Link, Outlet, matchPath, useLocation, useMatches, useNavigation } from 'react-router-dom';
import { SignOutButton } from '@/features/session';
import { useRouteTitle } from '@/lib/document-title';
import { ROUTES, routeOfHandles, routePath } from '@/lib/routes';
import { useSessionConfig } from '@/lib/session';
import { CommandPaletteLauncher } from './command-palette/palette-launcher';
import { IdleExtrasSlot } from './idle-extras-slot';
import { MENU } from './menu';
import { useHeadingFocus } from './use-heading-focus';

// A phone's app bar has room for the menu button, the title, Search and Sign out only.
const WIDE_ENOUGH = { '@media (max-width: 599.95px)': { display: 'none' } };

/**
 * The signed-in frame: app bar (Search, which opens the command palette as Ctrl/⌘+K does; the
 * failure watch's bell; e-mail; Sign out), side menu, the screen, the loading overlay.
 */
export function ShellLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const config = useSessionConfig();
  // The tab says which screen this is; focus starts at its heading after a move.
  const route = routeOfHandles(useMatches().map((match) => match.handle));
  useRouteTitle(route ? ROUTES[route].title : undefined);
  useHeadingFocus();

  const groups = useMemo<SideMenuGroup[]>(
    () =>
      MENU.map((group) => ({
        id: group.id,
        title: group.title,
        items: group.items.map((item) => ({
          id: item.route,
          label: item.label,
          href: routePath(item.route),
          active: matchPath({ path: ROUTES[item.route].path, end: true }, pathname) !== null,
        })),
      })),
    [pathname],
  );

  return (
    <AppShell
      title="Onboarding Console"
      menu={<SideMenu groups={groups} linkComponent={Link} />}
      appBarEnd={
        <>
          <CommandPaletteLauncher />
          <IdleExtrasSlot />
          {config ? (
            <Typography variant="body2" data-testid="signed-in-email" sx={WIDE_ENOUGH}>
              {config.user.email}
            </Typography>
          ) : null}
          <SignOutButton />
        </>
      }
    >
      <Outlet />
      <LoadingOverlay open={navigation.state === 'loading'} delayMs={300} />
    </AppShell>
  );
}

export { ShellLayout as Component };
