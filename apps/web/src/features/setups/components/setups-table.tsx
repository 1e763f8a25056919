import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import { PAGE_SIZE, type SetupRow } from '@onboarding/contracts';
import { DataTable, StatusChip, type DataTableColumn } from '@onboarding/ui';
import { memo, useCallback, useMemo } from 'react';
import { clientDashboardUrl } from '@/lib/session';
import type { SetupFlow } from '@/lib/setup-flow';
import { productDashboardUrl } from '../utils/dashboard-link';
import {
  hasAnyCompleted,
  isSetupCompleted,
  retailerName,
  rowKey,
  setupKind,
  type SetupGroup,
} from '../utils/group-setups';
import type { ForecastLine } from '../utils/forecast-text';
import { setupStatusLook } from '../utils/status';
import { ForecastLines } from './forecast-lines';
import { RowActionsMenu } from './row-actions-menu';
import { SetupBrowseNodes } from './setup-browse-nodes';

interface Props {
  flow: SetupFlow;
  /** The product's URL path (per-product list), for the client's dashboard link. */
  productPath?: string | undefined;
  groups: readonly SetupGroup[];
  /** Each running setup's forecast lines, once the fleet snapshot has answered. */
  forecasts: ReadonlyMap<number, readonly ForecastLine[]>;
  page: number;
  loading: boolean;
  retailerNames: ReadonlyMap<number, string> | undefined;
  dashboardBaseUrl: string | undefined;
  onOpenActions: (group: SetupGroup, opener: HTMLElement) => void;
  /** Pointer over or focus on a row's menu button (to fetch the drawer's code before it opens). */
  onMenuIntent?: (() => void) | undefined;
  /** Keys (`rowKey`) of the retailer rows ticked for a bulk action. */
  selected: ReadonlySet<string>;
  onToggle: (rows: readonly SetupRow[], on: boolean) => void;
}

/** A checkbox for `rows`: ticked when all are selected, mixed when some are. */
function SelectBox({
  rows,
  selected,
  onToggle,
  label,
}: Pick<Props, 'selected' | 'onToggle'> & { rows: readonly SetupRow[]; label: string }) {
  const n = rows.filter((r) => selected.has(rowKey(r))).length;
  return (
    <Checkbox
      size="small"
      sx={{ p: 0.5 }}
      checked={n > 0 && n === rows.length}
      indeterminate={n > 0 && n < rows.length}
      disabled={rows.length === 0}
      onChange={(e) => onToggle(rows, e.target.checked)}
      slotProps={{ input: { 'aria-label': label } }}
    />
  );
}

/**
 * The setups table: one row per setup, a line per retailer with ML/CL and its status. Memoized:
 * opening the drawer or a dialog re-renders the page, and a page of rows takes hundreds of ms
 * on a slow phone's CPU (issue 17's interaction to next paint).
 */
export const SetupsTable = memo(function SetupsTable({
  flow,
  productPath,
  groups,
  forecasts,
  page,
  loading,
  retailerNames,
  dashboardBaseUrl,
  onOpenActions,
  onMenuIntent,
  selected,
  onToggle,
}: Props) {
  // rem_omni: the category leaderboard once every retailer is COMPLETED; a product: its own
  // dashboard path once any retailer step is completed.
  const clientLink = useCallback(
    (g: SetupGroup): string | null => {
      if (!dashboardBaseUrl) return null;
      if (flow.dashboard === 'client') {
        return isSetupCompleted(g) ? clientDashboardUrl(dashboardBaseUrl, g.clientId) : null;
      }
      if (!hasAnyCompleted(g) || !productPath) return null;
      return productDashboardUrl({
        baseUrl: dashboardBaseUrl,
        clientName: g.clientName,
        productPath,
        clientRetailers: g.rows.map((r) => retailerName(r, retailerNames)),
      });
    },
    [flow.dashboard, dashboardBaseUrl, productPath, retailerNames],
  );
  const columns = useMemo<DataTableColumn<SetupGroup>[]>(
    () => [
      {
        id: 'srNo',
        header: 'Sr No.',
        width: 80,
        render: (_g, i) => PAGE_SIZE * (page - 1) + i + 1,
      },
      // After Sr No.: the expander and the number keep their places (docs/requirements.md#setups-list-bulk-refresh).
      {
        id: 'select',
        header: (
          <SelectBox
            rows={groups.flatMap((g) => g.rows)}
            selected={selected}
            onToggle={onToggle}
            label="Select all setups on this page"
          />
        ),
        width: 48,
        render: (g) => (
          <SelectBox
            rows={g.rows}
            selected={selected}
            onToggle={onToggle}
            label={`Select all retailers of ${g.clientName}`}
          />
        ),
      },
      {
        id: 'client',
        header: 'Client/Prospect Name',
        render: (g) => {
          const href = clientLink(g);
          return (
            <>
              {href ? (
                <Link href={href} target="_blank" rel="noopener noreferrer">
                  {g.clientName}
                </Link>
              ) : (
                g.clientName
              )}
              <ForecastLines lines={forecasts.get(g.setupId) ?? []} small />
            </>
          );
        },
      },
      {
        id: 'retailer',
        header: 'Retailer',
        render: (g) => (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}>
            {g.rows.map((row) => {
              const look = setupStatusLook(row);
              const name = `${retailerName(row, retailerNames)} (${setupKind(row)})`;
              return (
                <Box
                  component="li"
                  key={row.retailerId}
                  sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
                >
                  <SelectBox
                    rows={[row]}
                    selected={selected}
                    onToggle={onToggle}
                    label={`Select ${g.clientName}, ${name}`}
                  />
                  <span>{name}</span>
                  <StatusChip label={look.label} tone={look.tone} icon={look.icon} />
                </Box>
              );
            })}
          </Box>
        ),
      },
      { id: 'isNewClient', header: 'is New Client', render: (g) => String(g.isNewClient) },
      {
        id: 'actions',
        header: 'Actions',
        width: 90,
        render: (g) => (
          <RowActionsMenu
            flow={flow}
            group={g}
            onOpenActions={onOpenActions}
            onIntent={onMenuIntent}
          />
        ),
      },
    ],
    [
      flow,
      page,
      groups,
      forecasts,
      retailerNames,
      clientLink,
      onOpenActions,
      onMenuIntent,
      selected,
      onToggle,
    ],
  );

  return (
    <DataTable
      label="Setups"
      columns={columns}
      rows={groups}
      getRowId={(g) => String(g.setupId)}
      getRowLabel={(g) => g.clientName}
      loading={loading}
      loadingLabel="Loading setups"
      renderExpanded={(g) => (
        <SetupBrowseNodes
          flow={flow}
          setupId={g.setupId}
          nodesDetails={
            flow.rowsCarryNodes && g.rows.some((r) => r.nodesDetails)
              ? g.rows.flatMap((r) => r.nodesDetails ?? [])
              : undefined
          }
          clientName={g.clientName}
          retailerNames={retailerNames}
        />
      )}
    />
  );
});
