import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { WatchEvent } from '@onboarding/contracts';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '@/lib/format-date';
import { useGuardedMutation } from '@/lib/guarded-mutation';
import {
  chooseNotifications,
  notificationChoice,
  type NotificationChoice,
} from '@/lib/watch/browser-notifications';
import { markAllSeen } from '@/lib/watch/watch-stream';
import type { WatchView } from '@/lib/watch/watch-store';
import {
  detailsPathOf,
  failureReason,
  failuresPathOf,
  watchEventSetup,
  watchEventTitle,
} from '@/lib/watch/watch-words';

/** The most events listed; the count still says how many are unseen. */
const LISTED = 50;

const CHOICE_NOTE: Partial<Record<NotificationChoice, string>> = {
  blocked:
    'This browser blocks notifications from the console: allow them in its site settings, then switch them on here.',
  unsupported: 'This browser cannot show notifications.',
};

/**
 * The bell's popover: the unseen events, newest first, in plain words (a failure with its
 * reason and Open in Failures), Mark all as seen, and the browser notifications switch.
 */
export function WatchPanel({
  view,
  headingId,
  onLeave,
}: {
  view: WatchView;
  headingId: string;
  /** A link was followed: the popover closes. */
  onLeave: () => void;
}) {
  const count = view.unseen.length;
  const listed = view.unseen.slice(-LISTED).reverse();
  const seen = useGuardedMutation({ mutationFn: markAllSeen });
  const [choice, setChoice] = useState(notificationChoice);

  return (
    <Box sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Box>
        <Typography id={headingId} component="h2" variant="h6">
          Failure watch
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {count === 0
            ? view.seen === null
              ? 'Nothing new since this page opened.'
              : 'Nothing new since you last marked all as seen.'
            : `${count} unseen ${count === 1 ? 'event' : 'events'}: failures, recoveries and setups gone live.`}
        </Typography>
        {!view.connected ? (
          <Typography variant="body2" color="text.secondary">
            Connecting to the failure watch…
          </Typography>
        ) : null}
      </Box>

      {count > 0 ? (
        <Box
          component="ul"
          aria-label="Unseen events"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
        >
          {listed.map((event) => (
            <WatchEventItem key={event.sequence} event={event} onLeave={onLeave} />
          ))}
        </Box>
      ) : null}
      {count > listed.length ? (
        <Typography variant="body2">And {count - listed.length} more.</Typography>
      ) : null}
      {view.partial ? (
        <Typography variant="body2" color="text.secondary">
          Older unseen events are no longer kept: the failure boards list every failure.
        </Typography>
      ) : null}

      {seen.isError ? (
        <Alert severity="error">Could not mark them as seen: {seen.error.message}</Alert>
      ) : null}
      <Box>
        <Button
          variant="outlined"
          size="small"
          // Unavailable, not disabled, with nothing unseen: focus stays on it once pressed.
          aria-disabled={count === 0}
          sx={count === 0 ? { color: 'text.disabled', borderColor: 'action.disabled' } : undefined}
          onClick={() => {
            if (count > 0) void seen.mutateAsync().catch(() => undefined);
          }}
        >
          Mark all as seen
        </Button>
      </Box>

      <Box>
        <FormControlLabel
          control={
            // A checkbox named a switch: MUI's Switch would join every screen's first load.
            <Checkbox
              checked={choice === 'on'}
              disabled={choice === 'unsupported'}
              onChange={(e) => void chooseNotifications(e.target.checked).then(setChoice)}
              slotProps={{ input: { role: 'switch' } }}
            />
          }
          label="Browser notifications"
        />
        <Typography variant="body2" color="text.secondary">
          {CHOICE_NOTE[choice] ??
            'A notification for each new failure and each watched setup going live.'}
        </Typography>
      </Box>
    </Box>
  );
}

function WatchEventItem({ event, onLeave }: { event: WatchEvent; onLeave: () => void }) {
  const titleId = useId();
  return (
    <Box component="li" sx={{ borderLeft: 3, borderColor: tone(event), pl: 1.5 }}>
      <Typography id={titleId} variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {watchEventTitle(event)}
      </Typography>
      {event.type === 'failed' ? (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {failureReason(event)}
        </Typography>
      ) : null}
      <Typography variant="caption" color="text.secondary" component="p">
        <Link component={RouterLink} to={detailsPathOf(event)} onClick={onLeave}>
          {watchEventSetup(event)}
        </Link>
        {` · ${formatDateTime(event.at)}`}
      </Typography>
      {event.type === 'failed' ? (
        <Link
          component={RouterLink}
          to={failuresPathOf(event)}
          onClick={onLeave}
          aria-describedby={titleId}
          variant="body2"
        >
          Open in Failures
        </Link>
      ) : null}
    </Box>
  );
}

function tone(event: WatchEvent): string {
  if (event.type === 'failed') return 'error.main';
  if (event.type === 'live') return 'success.main';
  return 'info.main';
}
