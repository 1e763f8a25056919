import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BROWSE_TREE_HEIGHT_PX, MAX_BROWSE_NODES, MESSAGES } from '@onboarding/contracts';
import { CheckableTree } from '@onboarding/ui';
import { useInfiniteQuery } from '@tanstack/react-query';
import { memo, useCallback, useMemo, useState, type KeyboardEvent } from 'react';
import { nodeSearchQuery, type NodeSearchFn } from '../api/search-browse-nodes';
import { buildSearchTree, checkedKeysOf } from '../utils/search-tree';
import { nodesOf, type SelectedNode, type Selections } from '../utils/selection';

export interface PickerRetailer {
  retailerId: number;
  retailerName: string;
}

export interface BrowseNodePickerProps {
  /** The selected retailers: one tab each. */
  retailers: readonly PickerRetailer[];
  selections: Selections;
  onToggleNode: (retailerId: number, node: SelectedNode, checked: boolean) => void;
  /** The retailer whose last node was refused (shows the maximum message). */
  nodeLimitRetailerId: number | null;
  search: NodeSearchFn;
}

/** The hint of the create form (docs/requirements.md#setup-form-browse-nodes). */
const PICKER_HINT =
  'Pick the browse-node categories by your best judgement: detailed or broad. When in doubt, choose both.';

/**
 * The browse-node picker: a search box with its Search button, a tab per selected retailer,
 * and the checkable result tree (with more result pages on demand). The search text is shared
 * by the tabs; each retailer gets its own results.
 */
export const BrowseNodePicker = memo(function BrowseNodePicker({
  retailers,
  selections,
  onToggleNode,
  nodeLimitRetailerId,
  search,
}: BrowseNodePickerProps) {
  const [activeTab, setActiveTab] = useState<number | null>(null);
  const [searchText, setSearchText] = useState('');
  const active = retailers.find((r) => r.retailerId === activeTab) ?? retailers[0] ?? null;

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {PICKER_HINT}
      </Typography>
      <NodeSearchBox onSearch={setSearchText} disabled={retailers.length === 0} />
      {retailers.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Select a retailer to search its browse nodes.
        </Typography>
      ) : (
        <>
          <RetailerTabs
            retailers={retailers}
            activeId={active?.retailerId ?? null}
            onChange={setActiveTab}
          />
          {active ? (
            <RetailerResults
              key={active.retailerId}
              retailer={active}
              searchText={searchText}
              chosen={nodesOf(selections, active.retailerId)}
              onToggleNode={onToggleNode}
              limitReached={nodeLimitRetailerId === active.retailerId}
              search={search}
            />
          ) : null}
        </>
      )}
    </Box>
  );
});

/**
 * The tab bar re-renders only when the retailers or the active tab change (MUI Tabs measures
 * its indicator after every render, which would cost a layout on every check).
 */
const RetailerTabs = memo(function RetailerTabs({
  retailers,
  activeId,
  onChange,
}: {
  retailers: readonly PickerRetailer[];
  activeId: number | null;
  onChange: (retailerId: number) => void;
}) {
  return (
    <Tabs
      value={activeId ?? false}
      onChange={(_e, id: number) => onChange(id)}
      variant="scrollable"
      scrollButtons="auto"
      aria-label="Retailers"
      sx={{ mt: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      {retailers.map((r) => (
        <Tab
          key={r.retailerId}
          value={r.retailerId}
          label={r.retailerName}
          id={`node-tab-${r.retailerId}`}
          aria-controls={`node-tabpanel-${r.retailerId}`}
        />
      ))}
    </Tabs>
  );
});

/**
 * The search box keeps its own text, so a keystroke re-renders only this box, never the tree.
 * Enter searches (and does not submit the form).
 */
const NodeSearchBox = memo(function NodeSearchBox({
  onSearch,
  disabled,
}: {
  onSearch: (text: string) => void;
  disabled: boolean;
}) {
  const [text, setText] = useState('');
  const empty = text.trim() === '';
  const submit = () => {
    if (!empty) onSearch(text.trim());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      submit();
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        size="small"
        type="search"
        label="Search browse nodes"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        disabled={disabled}
        sx={{ flex: 1, maxWidth: 520 }}
        slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'node-search-input' } }}
      />
      <Button
        variant="outlined"
        startIcon={<SearchIcon />}
        onClick={submit}
        disabled={disabled || empty}
      >
        Search
      </Button>
    </Stack>
  );
});

interface RetailerResultsProps {
  retailer: PickerRetailer;
  searchText: string;
  chosen: readonly SelectedNode[];
  onToggleNode: BrowseNodePickerProps['onToggleNode'];
  limitReached: boolean;
  search: NodeSearchFn;
}

function RetailerResults({
  retailer,
  searchText,
  chosen,
  onToggleNode,
  limitReached,
  search,
}: RetailerResultsProps) {
  const query = useInfiniteQuery(nodeSearchQuery(search, retailer.retailerId, searchText));
  // Results start collapsed (a result can have dozens of children); one click opens them all.
  const [expandAll, setExpandAll] = useState(false);
  const pages = query.data?.pages;
  const tree = useMemo(() => buildSearchTree(pages ?? []), [pages]);
  const checked = useMemo(() => checkedKeysOf(chosen), [chosen]);
  const { retailerId } = retailer;

  const onCheckedChange = useCallback(
    (key: string, on: boolean) => {
      const node = tree.nodeByKey.get(key);
      if (node) onToggleNode(retailerId, node, on);
    },
    [tree, onToggleNode, retailerId],
  );

  const emptyText =
    searchText === ''
      ? 'Search to list browse nodes.'
      : query.isFetching
        ? 'Searching…'
        : query.isError
          ? 'No browse nodes could be loaded. Try again.'
          : 'No browse nodes found.';

  return (
    <Box
      role="tabpanel"
      id={`node-tabpanel-${retailerId}`}
      aria-labelledby={`node-tab-${retailerId}`}
      sx={{ pt: 1.5 }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {searchText !== '' && query.isSuccess
            ? `Showing ${tree.loaded} of ${tree.total} results for “${searchText}”`
            : ' '}
        </Typography>
        {tree.items.length > 0 ? (
          <Button size="small" onClick={() => setExpandAll((on) => !on)} sx={{ ml: 'auto', mr: 2 }}>
            {expandAll ? 'Collapse all' : 'Expand all'}
          </Button>
        ) : null}
        <Typography
          variant="body2"
          data-testid={`node-counter-${retailerId}`}
          color={chosen.length >= MAX_BROWSE_NODES ? 'warning.main' : 'text.secondary'}
        >
          {chosen.length} / {MAX_BROWSE_NODES}
        </Typography>
      </Stack>
      {limitReached ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {MESSAGES.maxBrowseNodes(MAX_BROWSE_NODES)}
        </Alert>
      ) : null}
      <CheckableTree
        key={expandAll ? 'expanded' : 'collapsed'}
        defaultExpanded={expandAll}
        label={`Browse nodes of ${retailer.retailerName}`}
        items={tree.items}
        checkedKeys={checked}
        onCheckedChange={onCheckedChange}
        height={BROWSE_TREE_HEIGHT_PX}
        emptyText={emptyText}
        labelsArePaths
        data-testid="browse-node-tree"
      />
      {query.hasNextPage ? (
        <Button
          size="small"
          sx={{ mt: 1 }}
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
          startIcon={query.isFetchingNextPage ? <CircularProgress size={14} /> : undefined}
        >
          Load more results
        </Button>
      ) : null}
    </Box>
  );
}
