import Visibility from '@mui/icons-material/Visibility';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WatchedSetup } from '@onboarding/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { isWatched, setWatching, useWatchedSetups } from '@/lib/data/watch-watched';
import { useGuardedMutation } from '@/lib/guarded-mutation';
import { useNotify } from '@/lib/notify';
import type { SetupFlow } from '@/lib/setup-flow';

/**
 * `Watch` on a setup's details (issue 33, docs/requirements.md#failure-watch): a toggle kept per
 * operator by the gateway; the app bar's failure watch announces a watched setup going live.
 * Loaded after the page (watch-setup-button.tsx).
 */
export default function WatchSetupToggle({ flow, setupId }: { flow: SetupFlow; setupId: number }) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const setup: WatchedSetup = {
    flow: flow.fleet.flow,
    productId: flow.productId,
    setupId,
  };
  const watched = useWatchedSetups();
  const on = isWatched(watched.data?.watched, setup);
  const toggle = useGuardedMutation({
    mutationFn: (next: boolean) => setWatching(queryClient, setup, next),
    onError: (error) => notify(error.message, { severity: 'error' }),
  });

  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mt: 1 }}>
      <Button
        variant={on ? 'contained' : 'outlined'}
        size="small"
        aria-pressed={on}
        startIcon={on ? <Visibility /> : <VisibilityOutlined />}
        // Not disabled while it answers (focus would leave it): a press meanwhile is the same one.
        disabled={!watched.isSuccess}
        aria-busy={toggle.isPending}
        onClick={(event) => {
          // A double-click is one press: its second click would undo the first once it answered.
          if (event.detail > 1) return;
          void toggle.mutateAsync(!on).catch(() => undefined);
        }}
      >
        Watch
      </Button>
      <Typography variant="body2" color="text.secondary">
        {watched.isError
          ? `Your watched setups could not be read: ${watched.error.message}`
          : on
            ? 'Watching: you will be told when this setup goes live.'
            : 'Watch it to be told when it goes live.'}
      </Typography>
    </Stack>
  );
}
