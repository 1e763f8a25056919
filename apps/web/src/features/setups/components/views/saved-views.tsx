import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import {
  serializeFleetFilterQuery,
  type CountedView,
  type FleetFilter,
} from '@onboarding/contracts';
import { ConfirmDialog, useToast } from '@onboarding/ui';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { failureMessage } from '@/lib/api-error';
import { useViews } from '@/lib/data/views';
import type { SetupFlow } from '@/lib/setup-flow';
import { isSessionEnd } from '@/lib/unauthorized';
import { useViewWrites, type ViewWrite } from './use-view-writes';
import { ViewChip, type ViewAction } from './view-chip';
import { ViewNameDialog } from './view-name-dialog';

export interface SavedViewsProps {
  flow: SetupFlow;
  /** The filters the list shows now. */
  filter: FleetFilter;
  /** Shows the list with these filters (from its first page). */
  onApply: (filter: FleetFilter) => void;
}

type Dialog = { kind: 'save' } | { kind: 'rename' | 'delete'; view: CountedView };

/** The list's address with these filters, as a link to share. */
function linkTo(flow: SetupFlow, filter: FleetFilter): string {
  const query = serializeFleetFilterQuery(filter);
  return new URL(flow.routes.list() + (query ? `?${query}` : ''), window.location.href).href;
}

/**
 * The operator's saved views of this flow (issue 33; docs/requirements.md#saved-views), above the
 * filter bar: a toggle per view with its live count (pressed while the list shows its filters),
 * its menu (rename, pin as default, copy link, delete), and Save view for the current filters.
 * Wraps at narrow widths.
 */
export function SavedViews({ flow, filter, onApply }: SavedViewsProps) {
  const views = useViews(flow);
  const writes = useViewWrites(flow);
  const toast = useToast();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const group = useRef<HTMLDivElement>(null);
  const list = views.data?.views ?? [];
  const current = serializeFleetFilterQuery(filter);

  // The pinned view, on the list's bare address (no filter, search or page) when the views first
  // answer: once, replacing the address (Back leaves the list rather than undoing it). The list's
  // own first request has long left; its unfiltered rows show until then.
  const [searchParams, setSearchParams] = useSearchParams();
  const decided = useRef(false);
  useEffect(() => {
    if (decided.current || !views.data) return;
    decided.current = true;
    const pinned = views.data.views.find((v) => v.pinned);
    if (pinned && searchParams.toString() === '')
      setSearchParams(serializeFleetFilterQuery(pinned.filters), { replace: true });
  }, [views.data, searchParams, setSearchParams]);

  const write = (w: ViewWrite, done: string) =>
    writes.mutateAsync(w).then(() => toast.show({ message: done, severity: 'success' }));
  const tellFailure = (error: unknown) => {
    if (!isSessionEnd(error)) toast.show({ message: failureMessage(error), severity: 'error' });
  };

  const act = (view: CountedView, action: ViewAction) => {
    if (action === 'rename' || action === 'delete') setDialog({ kind: action, view });
    else if (action === 'pin')
      write(
        { kind: 'pin', view, pinned: !view.pinned },
        view.pinned
          ? `"${view.name}" is no longer the default view.`
          : `"${view.name}" is now this list's default view.`,
      ).catch(tellFailure);
    else {
      const href = linkTo(flow, view.filters);
      navigator.clipboard.writeText(href).then(
        () => toast.show({ message: `Link to "${view.name}" copied.`, severity: 'success' }),
        () => toast.show({ message: `The link could not be copied: ${href}`, severity: 'error' }),
      );
    }
  };

  return (
    <Box
      ref={group}
      role="group"
      aria-label="Saved views"
      tabIndex={-1}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', outline: 'none' }}
    >
      {list.length > 0 ? (
        <Box
          component="ul"
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1,
            m: 0,
            p: 0,
            listStyle: 'none',
            // A long name wraps inside its chip at a phone's width, not past the window.
            minWidth: 0,
            maxWidth: '100%',
          }}
        >
          {list.map((view) => {
            const active = serializeFleetFilterQuery(view.filters) === current;
            return (
              <ViewChip
                key={view.id}
                view={view}
                active={active}
                onToggle={() => onApply(active ? {} : view.filters)}
                onAction={(action) => act(view, action)}
              />
            );
          })}
        </Box>
      ) : null}
      {views.isError ? (
        <Box component="span" sx={{ fontSize: '0.875rem', color: 'text.secondary' }}>
          Saved views could not be loaded.{' '}
          <Button size="small" onClick={() => void views.refetch()}>
            Retry
          </Button>
        </Box>
      ) : null}
      {current !== '' ? (
        <Button size="small" onClick={() => setDialog({ kind: 'save' })}>
          Save view
        </Button>
      ) : list.length === 0 && views.isSuccess ? (
        <Box component="span" sx={{ fontSize: '0.875rem', color: 'text.secondary' }}>
          Choose filters, then save them as a view.
        </Box>
      ) : null}

      {dialog?.kind === 'save' ? (
        <ViewNameDialog
          title="Save view"
          submitLabel="Save"
          offerPin
          onSubmit={(name, pinned) =>
            write({ kind: 'save', name, filters: filter, pinned }, `View "${name}" saved.`)
          }
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'rename' ? (
        <ViewNameDialog
          title="Rename view"
          submitLabel="Rename"
          initialName={dialog.view.name}
          onSubmit={(name) =>
            write({ kind: 'rename', view: dialog.view, name }, `View renamed to "${name}".`)
          }
          onClose={() => setDialog(null)}
        />
      ) : null}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete view?"
        message={
          dialog?.kind === 'delete'
            ? `"${dialog.view.name}" is deleted for you in every browser. No setup is changed.`
            : ''
        }
        confirmLabel="Delete"
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind !== 'delete') return;
          const { view } = dialog;
          setDialog(null);
          write({ kind: 'delete', view }, `View "${view.name}" deleted.`)
            // Its chip and menu are gone (the views were read again): focus stays in the row.
            .then(() => group.current?.focus())
            .catch(tellFailure);
        }}
      />
    </Box>
  );
}
