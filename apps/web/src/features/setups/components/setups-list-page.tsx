import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  MESSAGES,
  PAGE_SIZE,
  WORKFLOW_REFETCH_MS,
  type FleetFilter,
  type SetupRow,
} from '@onboarding/contracts';
import {
  loadOnce,
  PageOutOfRange,
  Pager,
  preloadWhenIdle,
  transitionAfterPaint,
} from '@onboarding/ui';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSessionConfig } from '@/lib/session';
import { ProductNameLine } from '@/lib/product-name-line';
import { useProductDetails } from '@/lib/data/product-details';
import { useRetailerNames } from '@/lib/data/retailers';
import { REM_OMNI_FLOW, type SetupFlow } from '@/lib/setup-flow';
import { useErrorNotification } from '@/lib/use-error-notification';
import { groupSetups, isRowRunning, type SetupGroup } from '../utils/group-setups';
import { listSearchParams, readListFilter } from '../utils/list-filter';
import { readListParams } from '../utils/list-params';
import { useCsvExport } from '../hooks/use-csv-export';
import { useLastPage } from '../hooks/use-last-page';
import { useListRows } from '../hooks/use-list-rows';
import { useListForecasts } from '../hooks/use-list-forecasts';
import { useRowSelection } from '../hooks/use-row-selection';
import { FlowLoadError } from './error-alert';
import { FilterBar } from './filter-bar';
import { FilterError, FilterSummary } from './filter-summary';
import { InformationText } from './information-text';
import { ListSearchRow } from './list-search-row';
import { ListToolbar } from './list-toolbar';
import { SetupsListKeysSlot } from './setups-list-keys-slot';
import { SetupsTable } from './setups-table';
import { SavedViewsSlot } from './views/saved-views-slot';

// The drawer (with its tooltip, confirmation dialog and actions) and the bulk dialog load when
// first opened; the drawer's code is fetched as soon as a row's menu is pointed at or focused.
// Asked for once (a failure is forgotten, to try again).
const loadDrawer = loadOnce(() => import('./setup-actions-drawer'));
const SetupActionsDrawer = lazy(() =>
  loadDrawer().then((m) => ({ default: m.SetupActionsDrawer })),
);
// When the main thread is idle, not in the pointer's event (tried again on the next intent or on
// opening after a failure, which then reaches the error boundary).
const preloadDrawer = preloadWhenIdle(loadDrawer, 500);
const BulkRefreshDialog = lazy(() =>
  import('./bulk-refresh-dialog').then((m) => ({ default: m.BulkRefreshDialog })),
);

interface DrawerState {
  setupId: number;
  opener: HTMLElement;
}

/**
 * /rem_omni/see_all: the Category Leaderboard setups, paged and searchable (state in the URL);
 * with a product flow, /product/:id/all_setup: that product's setups (productId in every call,
 * actions in a dialog, the client linked to the product's dashboard once any step completed).
 */
export function SetupsListPage({ flow = REM_OMNI_FLOW }: { flow?: SetupFlow }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readListParams(searchParams);
  const { filter, filterError } = useMemo(() => readListFilter(searchParams), [searchParams]);
  const [drawer, setDrawer] = useState<DrawerState | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const config = useSessionConfig();
  const retailers = useRetailerNames(flow);
  const product = useProductDetails(flow.productId);
  useErrorNotification(retailers.error, flow.tellsServerErrors);
  useErrorNotification(product.error, flow.tellsServerErrors);

  // While the drawer shows a setup with a running step, its rows refresh every 10 s.
  const drawerSetupId = drawerOpen ? drawer?.setupId : undefined;
  const liveInterval = useCallback(
    (rows: SetupRow[] | undefined) =>
      drawerSetupId !== undefined &&
      rows?.some((r) => r.setupId === drawerSetupId && isRowRunning(r))
        ? WORKFLOW_REFETCH_MS
        : false,
    [drawerSetupId],
  );
  const listed = useListRows(flow, params, filter, liveInterval);
  const { body, filtered, query: setups, rows } = listed;

  const groups = useMemo(() => groupSetups(rows ?? []), [rows]);
  const forecasts = useListForecasts(flow, groups, !!rows && !setups.isPlaceholderData);
  const pageCount = Math.ceil(listed.total / PAGE_SIZE);
  // ?page=99: the page answered empty, so the table makes way for the way back.
  const pastTheEnd = params.page > 1 && !setups.isPlaceholderData && rows?.length === 0;
  const allSetupLastPage = useLastPage(flow, body, pastTheEnd && !filtered);
  const lastPage = filtered ? Math.max(1, pageCount) : allSetupLastPage;
  const drawerGroup = groups.find((g) => g.setupId === drawer?.setupId) ?? null;
  const live = liveInterval(rows) !== false;
  const selection = useRowSelection(
    `${params.page}|${params.search}|${listSearchParams({ page: 1, search: '', filter })}`,
    rows ?? [],
  );
  const [bulkRows, setBulkRows] = useState<readonly SetupRow[] | null>(null);
  const csvExport = useCsvExport({
    flow,
    searchText: params.search,
    filter,
    retailerNames: retailers.data,
    productName: product.data?.productName ?? flow.fallbackProductName,
  });

  const go = (next: { page?: number; search?: string; filter?: FleetFilter }) => {
    const sp = listSearchParams({
      page: next.page ?? params.page,
      search: next.search ?? params.search,
      filter: next.filter ?? filter,
    });
    // A search replaces the history entry, as the other lists do: Back leaves the list instead
    // of stepping through what was typed. A page chosen, or a filter, is a step of its own.
    setSearchParams(sp, { replace: next.search !== undefined });
  };

  // The click's next paint shows the menu closed at once, and the drawer (a render and a layout
  // of a few hundred ms on a slow phone) follows without blocking it.
  const openActions = useCallback(
    (group: SetupGroup, opener: HTMLElement) =>
      transitionAfterPaint(() => {
        setDrawer({ setupId: group.setupId, opener });
        setDrawerOpen(true);
      }),
    [],
  );

  return (
    <Box>
      <Box sx={{ mb: 2 }}>
        <Typography component="h1" variant="h1">
          Setups
        </Typography>
        <ProductNameLine productId={flow.productId} />
      </Box>
      <InformationText />
      <ListSearchRow
        flow={flow}
        search={params.search}
        onSearch={(text) => go({ search: text, page: 1 })}
      />

      <SavedViewsSlot
        flow={flow}
        filter={filter}
        onApply={(next) => go({ filter: next, page: 1 })}
      />
      <FilterBar
        filter={filter}
        retailerNames={retailers.data}
        onChange={(next) => go({ filter: next, page: 1 })}
      />
      <FilterError message={filterError} />
      {filtered ? <FilterSummary total={listed.total} takenAt={listed.takenAt} /> : null}

      <ListToolbar
        flow={flow}
        selectedCount={selection.chosen.length}
        onClearSelection={selection.clear}
        onRefreshData={() => setBulkRows([...selection.chosen])}
        exporting={csvExport.progress}
        onExport={() => void csvExport.start()}
        onCancelExport={csvExport.cancel}
      />

      {setups.isError ? (
        <FlowLoadError
          flow={flow}
          query={setups}
          what="setups"
          remOmni={
            <Alert severity="error" sx={{ mb: 2 }}>
              {MESSAGES.listLoadFailed}
            </Alert>
          }
        />
      ) : (
        <>
          <Box sx={{ height: 4 }}>
            {setups.isFetching && !setups.isPending ? (
              <LinearProgress aria-label="Refreshing setups" />
            ) : null}
          </Box>
          {pastTheEnd ? (
            <PageOutOfRange
              page={params.page}
              lastPage={lastPage}
              onChange={(page) => go({ page })}
            />
          ) : (
            <SetupsTable
              flow={flow}
              productPath={product.data?.productPath}
              groups={groups}
              forecasts={forecasts}
              page={params.page}
              loading={setups.isPending}
              retailerNames={retailers.data}
              dashboardBaseUrl={config?.dashboardBaseUrl}
              onOpenActions={openActions}
              onMenuIntent={preloadDrawer}
              selected={selection.selected}
              onToggle={selection.toggle}
            />
          )}
        </>
      )}

      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Pager
          page={params.page}
          pageCount={pageCount}
          onChange={(page) => go({ page })}
          label="Setups pages"
        />
      </Box>

      {drawer ? (
        <Suspense fallback={null}>
          <SetupActionsDrawer
            flow={flow}
            open={drawerOpen && drawerGroup !== null}
            group={drawerGroup}
            onClose={() => setDrawerOpen(false)}
            onRefreshed={() => setDrawerOpen(false)}
            retailerNames={retailers.data}
            updatedAt={setups.dataUpdatedAt}
            live={live}
            returnFocusTo={drawer.opener}
          />
        </Suspense>
      ) : null}

      {bulkRows ? (
        <Suspense fallback={null}>
          <BulkRefreshDialog
            flow={flow}
            rows={bulkRows}
            retailerNames={retailers.data}
            onClose={(ran) => {
              setBulkRows(null);
              // Cancel keeps the ticks to adjust them; once sent they are done with.
              if (ran) selection.clear();
            }}
          />
        </Suspense>
      ) : null}
      <SetupsListKeysSlot
        flow={flow}
        groups={groups}
        retailerNames={retailers.data}
        selection={selection}
        onRefresh={setBulkRows}
      />
    </Box>
  );
}
