import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import InputBase from '@mui/material/InputBase';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { VisuallyHidden } from './visually-hidden.js';

/** Something the palette can jump to. */
export interface PaletteItem {
  id: string;
  label: string;
  /** The heading it is listed under (e.g. Screens, Clients, Prompts). */
  group: string;
  /** A second line (e.g. where it leads). */
  hint?: string;
}

export interface CommandPaletteProps {
  open: boolean;
  onClose: () => void;
  /** The items offered for what is typed, already filtered, in the order to show. */
  items: readonly PaletteItem[];
  /** What is typed; the owner filters (and searches upstream) with it. */
  query: string;
  onQueryChange: (query: string) => void;
  onSelect: (item: PaletteItem) => void;
  /** While results for the query are on their way. */
  loading?: boolean;
  /** Lines under the results (a search that failed, a group cut short), read out as they change. */
  status?: string | readonly string[];
  placeholder?: string;
}

/**
 * A jump-to-anything dialog: a combobox whose options are listed by group. Arrow keys move,
 * Enter opens, Escape closes; focus returns to where it was.
 */
export function CommandPalette({
  open,
  onClose,
  items,
  query,
  onQueryChange,
  onSelect,
  loading = false,
  status,
  placeholder = 'Jump to a screen, client, prompt or product…',
}: CommandPaletteProps) {
  const titleId = useId();
  const statusId = useId();
  const statusLines = typeof status === 'string' ? [status] : (status ?? []);
  const hasStatus = statusLines.some((line) => line !== '');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-start', pt: '12vh' } }}
    >
      <h2 id={titleId} style={{ margin: 0 }}>
        <VisuallyHidden>Command palette</VisuallyHidden>
      </h2>
      <Autocomplete<PaletteItem, false, true, false>
        open
        disablePortal
        disableClearable
        autoHighlight
        options={items}
        groupBy={(item) => item.group}
        getOptionLabel={(item) => item.label}
        getOptionKey={(item) => item.id}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        filterOptions={(options) => options}
        inputValue={query}
        onInputChange={(_e, value, reason) => {
          if (reason === 'input' || reason === 'clear') onQueryChange(value);
        }}
        onChange={(_e, item) => {
          if (item) onSelect(item);
        }}
        // The list is always open, so Autocomplete takes Escape for itself (it keeps the key from
        // the dialog): Escape closes the palette.
        onClose={(_e, reason) => {
          if (reason === 'escape') onClose();
        }}
        loading={loading}
        loadingText="Searching…"
        noOptionsText={query.trim() ? 'Nothing matches' : 'Type to search'}
        slotProps={{
          paper: { elevation: 0, square: true },
          listbox: { sx: { maxHeight: '50vh' } },
          popper: { sx: { position: 'static !important', transform: 'none !important' } },
        }}
        renderGroup={(params) => (
          <li key={params.key} role="presentation">
            <ListSubheader
              component="div"
              id={`${titleId}-g${params.key}`}
              sx={{ lineHeight: 2.5 }}
            >
              {params.group}
            </ListSubheader>
            <Box
              component="ul"
              role="group"
              aria-labelledby={`${titleId}-g${params.key}`}
              sx={{ p: 0, m: 0 }}
            >
              {params.children}
            </Box>
          </li>
        )}
        renderOption={({ key, ...props }, item) => (
          <Box component="li" key={key} {...props}>
            <Box>
              <Typography variant="body2">{item.label}</Typography>
              {item.hint && (
                <Typography variant="caption" color="text.secondary">
                  {item.hint}
                </Typography>
              )}
            </Box>
          </Box>
        )}
        renderInput={(params) => (
          <InputBase
            ref={params.slotProps.input.ref}
            inputProps={{
              ...params.slotProps.htmlInput,
              'aria-label': 'Jump to',
              'aria-describedby': hasStatus ? statusId : undefined,
            }}
            autoFocus
            fullWidth
            placeholder={placeholder}
            sx={{ px: 2, py: 1.5, fontSize: '1.05rem', borderBottom: 1, borderColor: 'divider' }}
          />
        )}
      />
      {/* Always there, so a line that appears is announced. */}
      <Box id={statusId} role="status" sx={{ px: 2, py: hasStatus ? 1 : 0 }}>
        {statusLines.map((line, i) =>
          line ? (
            <Typography key={i} variant="caption" component="p" sx={{ m: 0 }}>
              {line}
            </Typography>
          ) : null,
        )}
      </Box>
    </Dialog>
  );
}
