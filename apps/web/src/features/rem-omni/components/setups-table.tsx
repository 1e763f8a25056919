import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { PAGE_SIZE } from '@onboarding/contracts';
import { DataTable, StatusChip, type DataTableColumn } from '@onboarding/ui';
import { useMemo } from 'react';
import { clientDashboardUrl } from '@/lib/session';
import { isSetupCompleted, retailerName, setupKind, type SetupGroup } from '../utils/group-setups';
import { setupStatusLook } from '../utils/status';
import { RowActionsMenu } from './row-actions-menu';
import { SetupBrowseNodes } from './setup-browse-nodes';

interface Props {
  groups: readonly SetupGroup[];
  page: number;
  loading: boolean;
  retailerNames: ReadonlyMap<number, string> | undefined;
  dashboardBaseUrl: string | undefined;
  onOpenActions: (group: SetupGroup, opener: HTMLElement) => void;
}

/** The setups table: one row per setup, a line per retailer with ML/CL and its status. */
export function SetupsTable({
  groups,
  page,
  loading,
  retailerNames,
  dashboardBaseUrl,
  onOpenActions,
}: Props) {
  const columns = useMemo<DataTableColumn<SetupGroup>[]>(
    () => [
      {
        id: 'srNo',
        header: 'Sr No.',
        width: 80,
        render: (_g, i) => PAGE_SIZE * (page - 1) + i + 1,
      },
      {
        id: 'client',
        header: 'Client/Prospect Name',
        render: (g) =>
          isSetupCompleted(g) && dashboardBaseUrl ? (
            <Link
              href={clientDashboardUrl(dashboardBaseUrl, g.clientId)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {g.clientName}
            </Link>
          ) : (
            g.clientName
          ),
      },
      {
        id: 'retailer',
        header: 'Retailer',
        render: (g) => (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}>
            {g.rows.map((row) => {
              const look = setupStatusLook(row);
              return (
                <Box
                  component="li"
                  key={row.retailerId}
                  sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
                >
                  <span>
                    {retailerName(row, retailerNames)} ({setupKind(row)})
                  </span>
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
        render: (g) => <RowActionsMenu group={g} onOpenActions={onOpenActions} />,
      },
    ],
    [page, retailerNames, dashboardBaseUrl, onOpenActions],
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
          setupId={g.setupId}
          clientName={g.clientName}
          retailerNames={retailerNames}
        />
      )}
    />
  );
}
