import Box from '@mui/material/Box';
import type { LegacySetup, StatusOption } from '@onboarding/contracts';
import type { DataTableColumn } from '@onboarding/ui';
import { dateText, statusLabel } from '../utils/display';

/** Dates keep to one line so the many columns stay readable. */
export function OneLine({ children }: { children: React.ReactNode }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {children}
    </Box>
  );
}

/** Long status notes show two lines; the whole text is in the tooltip. */
function Clamped({ text }: { text: string }) {
  return (
    <Box
      component="span"
      title={text}
      sx={{
        display: '-webkit-box',
        WebkitLineClamp: 2,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        maxWidth: 240,
      }}
    >
      {text}
    </Box>
  );
}

/** The seven columns both legacy tables share (docs/requirements.md#legacy-completed). */
export function sharedColumns(
  statusOptions: readonly StatusOption[],
): DataTableColumn<LegacySetup>[] {
  return [
    { id: 'clientName', header: 'Client Name', render: (s) => s.clientName },
    {
      id: 'startDate',
      header: 'Start Date',
      render: (s) => <OneLine>{dateText(s.startDate)}</OneLine>,
    },
    {
      id: 'avcDate',
      header: 'Date of AVC',
      render: (s) => <OneLine>{dateText(s.avcDate)}</OneLine>,
    },
    {
      id: 'amsDate',
      header: 'Date of AMS',
      render: (s) => <OneLine>{dateText(s.amsDate)}</OneLine>,
    },
    {
      id: 'status',
      header: 'Status',
      render: (s) => statusLabel(s.currentStatus, statusOptions),
    },
    {
      id: 'statusDetails',
      header: 'Status Details',
      render: (s) => <Clamped text={s.statusDetails?.trim() || '-'} />,
    },
    {
      id: 'expectedSignoffDate',
      header: 'Expected Signoff Date',
      render: (s) => <OneLine>{dateText(s.expectedSignoffDate)}</OneLine>,
    },
  ];
}
