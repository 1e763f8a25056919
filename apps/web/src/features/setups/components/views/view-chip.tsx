import PushPin from '@mui/icons-material/PushPin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { CountedView } from '@onboarding/contracts';
import { ActionsMenu, VisuallyHidden } from '@onboarding/ui';

export type ViewAction = 'rename' | 'pin' | 'copy' | 'delete';

/** What a screen reader hears after the view's name and count. */
function countWords(view: CountedView): string {
  const count =
    view.count === null ? ' setups, not counted yet' : view.count === 1 ? ' setup' : ' setups';
  return view.pinned ? `${count}, default view` : count;
}

/**
 * One saved view: a toggle button (pressed while the list shows its filters) with its live count,
 * and its actions' menu beside it.
 */
export function ViewChip({
  view,
  active,
  onToggle,
  onAction,
}: {
  view: CountedView;
  active: boolean;
  onToggle: () => void;
  onAction: (action: ViewAction, opener: HTMLElement) => void;
}) {
  return (
    <Box
      component="li"
      sx={{ display: 'flex', alignItems: 'center', maxWidth: '100%', minWidth: 0 }}
    >
      <Button
        size="small"
        variant={active ? 'contained' : 'outlined'}
        aria-pressed={active}
        onClick={onToggle}
        sx={{ textTransform: 'none', minWidth: 0, maxWidth: '100%', gap: 0.75 }}
      >
        {view.pinned ? <PushPin fontSize="inherit" aria-hidden /> : null}
        {/* The theme's buttons do not wrap; a long name does, inside its chip. */}
        <Box
          component="span"
          sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere', textAlign: 'left', minWidth: 0 }}
        >
          {view.name}
        </Box>
        <Box
          component="span"
          sx={{
            px: 0.75,
            flexShrink: 0,
            borderRadius: 8,
            fontSize: '0.75rem',
            fontWeight: 600,
            bgcolor: active ? 'primary.dark' : 'action.selected',
          }}
        >
          {view.count === null ? '–' : view.count.toLocaleString('en-US')}
        </Box>
        <VisuallyHidden>{countWords(view)}</VisuallyHidden>
      </Button>
      <ActionsMenu
        label={`Actions for view ${view.name}`}
        items={[
          { label: 'Rename', onSelect: (opener) => onAction('rename', opener) },
          {
            label: view.pinned ? 'Unpin default' : 'Pin as default',
            onSelect: (opener) => onAction('pin', opener),
          },
          { label: 'Copy link', onSelect: (opener) => onAction('copy', opener) },
          { label: 'Delete', onSelect: (opener) => onAction('delete', opener) },
        ]}
      />
    </Box>
  );
}
