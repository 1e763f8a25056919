import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import { useEffect, useId, useState } from 'react';
import { setTitleCount } from '@/lib/document-title';
import { useWatchedSetups } from '@/lib/data/watch-watched';
import { useWatchStream, useWatchView } from '@/lib/watch/use-watch';
import { bellName } from '@/lib/watch/watch-words';
import { useWatchAnnouncements } from './use-watch-announcements';
import { WatchPanel } from './watch-panel';

/** Read by screen readers only, and kept in the page (a live region must be there first). */
const SPOKEN_ONLY = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The failure watch in the app bar (issue 33, docs/requirements.md#failure-watch): the tab's one
 * stream, a bell with the unseen count (also before the tab's title), its popover listing them,
 * and the polite announcement of each new failure and watched setup going live.
 */
export default function WatchBell() {
  useWatchStream();
  const view = useWatchView();
  const unseen = view.unseen.length;
  useEffect(() => {
    setTitleCount(unseen);
    return () => setTitleCount(0);
  }, [unseen]);
  const watched = useWatchedSetups();
  const spoken = useWatchAnnouncements(watched.data?.watched);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const panelId = useId();
  const headingId = useId();
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={bellName(unseen)}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? panelId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ flexShrink: 0 }}
      >
        <Badge badgeContent={unseen} max={99} color="error">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Box aria-live="polite" aria-atomic="true" sx={SPOKEN_ONLY}>
        {spoken}
      </Box>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            id: panelId,
            role: 'dialog',
            'aria-labelledby': headingId,
            sx: { width: 'min(420px, calc(100vw - 32px))', maxHeight: '70vh' },
          },
        }}
      >
        <WatchPanel view={view} headingId={headingId} onLeave={close} />
      </Popover>
    </>
  );
}
