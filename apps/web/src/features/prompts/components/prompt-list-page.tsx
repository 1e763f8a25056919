import AddIcon from '@mui/icons-material/Add';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SEARCH_DEBOUNCE_MS, type Prompt } from '@onboarding/contracts';
import {
  ConfirmDialog,
  DataTable,
  DebouncedSearchField,
  type DataTableColumn,
} from '@onboarding/ui';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigation, useSearchParams } from 'react-router-dom';
import { useNotify } from '@/lib/notify';
import { routePath } from '@/lib/routes';
import { useLogError } from '@/lib/use-log-error';
import { useDeletePrompt } from '../api/delete';
import { usePrompts } from '../api/get-all';
import { formatDateTime } from '@/lib/format-date';
import { filterPrompts } from '../utils/list';
import { LoadError } from '@onboarding/ui';

const SEARCH_PARAM = 'search';

function excerpt(text: string, max = 90): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** /llm_service/prompts: every prompt, searchable, with Add Prompt and a per-row Edit / Delete menu. */
export function PromptListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get(SEARCH_PARAM) ?? '';
  const prompts = usePrompts();
  const deletion = useDeletePrompt();
  const notify = useNotify();
  const [menu, setMenu] = useState<{ anchor: HTMLElement; prompt: Prompt } | null>(null);
  // The prompt stays named while the dialog closes; `confirming` opens and closes it.
  const [toDelete, setToDelete] = useState<Prompt | null>(null);
  const [confirming, setConfirming] = useState(false);

  useLogError(prompts.error, 'Prompts could not be loaded');

  const rows = useMemo(() => filterPrompts(prompts.data ?? [], search), [prompts.data, search]);

  const navigation = useNavigation();

  // A search that settles after the operator has already left (a link clicked while the next
  // screen loads) must not pull them back to the list.
  const onSearch = (text: string) => {
    if (navigation.state !== 'idle') return;
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (text.trim()) next.set(SEARCH_PARAM, text.trim());
        else next.delete(SEARCH_PARAM);
        return next;
      },
      { replace: true },
    );
  };

  const confirmDelete = () => {
    const prompt = toDelete;
    setConfirming(false);
    if (!prompt) return;
    const name = prompt.metadata.name;
    deletion.mutate(prompt, {
      onSuccess: () => notify(`Prompt “${name}” deleted`, { severity: 'success' }),
      onError: (error) => {
        console.error(`Prompt ${prompt.prompt_id} could not be deleted:`, error);
        notify(`“${name}” could not be deleted, so it is back in the list.`, {
          severity: 'error',
        });
      },
    });
  };

  const columns: DataTableColumn<Prompt>[] = [
    { id: 'sr', header: 'Sr No.', width: 80, render: (_p, i) => i + 1 },
    {
      id: 'name',
      header: 'Name',
      render: (p) => (
        <Link
          component={RouterLink}
          to={routePath('promptDetail', { id: p.prompt_id })}
          underline="hover"
        >
          {p.metadata.name}
        </Link>
      ),
    },
    { id: 'client', header: 'Client', render: (p) => p.client },
    {
      id: 'prompt',
      header: 'Prompt',
      render: (p) => (
        <Typography variant="body2" color="text.secondary" title={p.prompt}>
          {excerpt(p.prompt)}
        </Typography>
      ),
    },
    { id: 'updated', header: 'Updated At', render: (p) => formatDateTime(p.updated_at) },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      width: 90,
      render: (p) => (
        <IconButton
          aria-label={`Actions for ${p.metadata.name}`}
          aria-haspopup="menu"
          onClick={(e) => setMenu({ anchor: e.currentTarget, prompt: p })}
        >
          <MoreVertIcon />
        </IconButton>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography component="h1" variant="h1">
          Prompts
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <DebouncedSearchField
            value={search}
            onSearch={onSearch}
            placeholder="Search prompts"
            delayMs={SEARCH_DEBOUNCE_MS}
          />
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={routePath('addPrompt')}
          >
            Add Prompt
          </Button>
        </Stack>
      </Stack>

      {prompts.isError && !prompts.data ? (
        <LoadError
          message="The prompts could not be loaded."
          onRetry={() => void prompts.refetch()}
          retrying={prompts.isFetching}
        />
      ) : (
        <DataTable
          label="Prompts"
          columns={columns}
          rows={rows}
          getRowId={(p) => String(p.prompt_id)}
          loading={prompts.isPending}
          loadingLabel="Loading prompts"
          emptyText={search ? `No prompt matches “${search}”` : 'No prompts yet'}
        />
      )}

      <Menu anchorEl={menu?.anchor ?? null} open={menu !== null} onClose={() => setMenu(null)}>
        {menu ? (
          <MenuItem
            component={RouterLink}
            to={routePath('editPrompt', { id: menu.prompt.prompt_id })}
            onClick={() => setMenu(null)}
          >
            Edit
          </MenuItem>
        ) : null}
        <MenuItem
          onClick={() => {
            setToDelete(menu?.prompt ?? null);
            setConfirming(true);
            setMenu(null);
          }}
        >
          Delete
        </MenuItem>
      </Menu>

      <ConfirmDialog
        open={confirming}
        title="Delete prompt"
        message={
          <Box component="span">
            Delete the prompt “{toDelete?.metadata.name}”? This cannot be undone.
          </Box>
        }
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
