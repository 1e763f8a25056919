import AddIcon from '@mui/icons-material/Add';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { legacySearchText, SEARCH_DEBOUNCE_MS, type LegacySetup } from '@onboarding/contracts';
import {
  DataTable,
  DebouncedSearchField,
  PageOutOfRange,
  Pager,
  type DataTableColumn,
} from '@onboarding/ui';
import { useState } from 'react';
import { Link as RouterLink, useNavigation, useSearchParams } from 'react-router-dom';
import { routePath } from '@/lib/routes';
import { useLogError } from '@/lib/use-log-error';
import { useOngoingSetups } from '../api/ongoing';
import { useStatusOptions } from '../api/status';
import { isCompletedStatus, menuOpensUpward, pageCount } from '../utils/display';
import { LoadError } from '@onboarding/ui';
import { LegacyEyebrow } from './legacy-eyebrow';
import { ModulesSummary } from './modules-summary';
import { changeColumns, sharedColumns } from './setup-columns';

const SEARCH_PARAM = 'search';
const PAGE_PARAM = 'page';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

interface OpenMenu {
  anchor: HTMLElement;
  setup: LegacySetup;
  upward: boolean;
}

/** /customer-setup/ongoing: the ongoing legacy setups, searchable and paged by 20. */
export function OngoingPage() {
  const [params, setParams] = useSearchParams();
  // Bounded as the call takes it, so a long search (typed or in a shared link) still loads.
  const search = legacySearchText(params.get(SEARCH_PARAM) ?? '');
  const page = pageFrom(params.get(PAGE_PARAM));
  const ongoing = useOngoingSetups(search, page);
  const statuses = useStatusOptions();
  const [menu, setMenu] = useState<OpenMenu | null>(null);

  useLogError(ongoing.error, 'Ongoing setups could not be loaded');
  useLogError(statuses.error, 'Setup statuses could not be loaded');

  const navigation = useNavigation();

  // A search or page change that settles after the operator has already left (a link clicked
  // while the next screen loads) must not pull them back to the list.
  const setQuery = (changes: Record<string, string | null>) => {
    if (navigation.state !== 'idle') return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  };

  // While another page or search loads, the spinner shows instead of the previous rows.
  const rows = ongoing.isPlaceholderData ? [] : (ongoing.data ?? []);
  const loading = ongoing.isPending || ongoing.isPlaceholderData;
  // ?page=99: an empty page has no total, so the first page tells where the list ends.
  const pastTheEnd = page > 1 && !ongoing.isPlaceholderData && ongoing.data?.length === 0;
  const firstPage = useOngoingSetups(search, 1, pastTheEnd);
  const lastPage = pastTheEnd && firstPage.data ? pageCount(firstPage.data) : null;

  const columns: DataTableColumn<LegacySetup>[] = [
    ...sharedColumns(statuses.data ?? []),
    ...changeColumns(),
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      width: 56,
      render: (s) =>
        isCompletedStatus(s.currentStatus) ? null : (
          <IconButton
            aria-label={`Actions for ${s.clientName}`}
            aria-haspopup="menu"
            onClick={(e) =>
              setMenu({ anchor: e.currentTarget, setup: s, upward: menuOpensUpward(e.clientY) })
            }
          >
            <MoreVertIcon />
          </IconButton>
        ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
      >
        <div>
          <LegacyEyebrow />
          <Typography component="h1" variant="h1">
            Setups
          </Typography>
        </div>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <DebouncedSearchField
            value={search}
            onSearch={(text) =>
              setQuery({ [SEARCH_PARAM]: legacySearchText(text) || null, [PAGE_PARAM]: null })
            }
            placeholder="Search client name"
            delayMs={SEARCH_DEBOUNCE_MS}
          />
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={routePath('addNew')}
          >
            Add New Setup
          </Button>
        </Stack>
      </Stack>
      <Typography variant="body2">
        <Link component={RouterLink} to={routePath('completed')}>
          See completed setups
        </Link>
      </Typography>

      {ongoing.isError && !ongoing.data ? (
        <LoadError
          message="The ongoing setups could not be loaded."
          onRetry={() => void ongoing.refetch()}
          retrying={ongoing.isFetching}
        />
      ) : pastTheEnd ? (
        <PageOutOfRange
          page={page}
          lastPage={firstPage.data?.length === 0 ? 0 : lastPage}
          onChange={(p) => setQuery({ [PAGE_PARAM]: p > 1 ? String(p) : null })}
        />
      ) : (
        <>
          <DataTable
            label="Setups"
            columns={columns}
            rows={rows}
            getRowId={(s) => String(s.setupId)}
            getRowLabel={(s) => s.clientName}
            renderExpanded={(s) => <ModulesSummary setup={s} />}
            loading={loading}
            loadingLabel="Loading setups"
            size="small"
            // Edit is only in the row menu: it stays in sight when the table scrolls sideways.
            stickyLastColumn
            emptyText={search ? `No setup matches “${search}”` : 'No ongoing setups'}
          />
          <Pager
            page={page}
            pageCount={ongoing.data ? pageCount(ongoing.data) : page}
            onChange={(p) => setQuery({ [PAGE_PARAM]: p > 1 ? String(p) : null })}
            label="Setups pages"
          />
        </>
      )}

      <Menu
        anchorEl={menu?.anchor ?? null}
        open={menu !== null}
        onClose={() => setMenu(null)}
        anchorOrigin={{ vertical: menu?.upward ? 'top' : 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: menu?.upward ? 'bottom' : 'top', horizontal: 'right' }}
        slotProps={{ paper: { 'data-opens': menu?.upward ? 'up' : 'down' } as object }}
      >
        {menu ? (
          <MenuItem
            component={RouterLink}
            to={routePath('edit', { setupId: menu.setup.setupId })}
            onClick={() => setMenu(null)}
          >
            Edit Setup
          </MenuItem>
        ) : null}
      </Menu>
    </Stack>
  );
}
