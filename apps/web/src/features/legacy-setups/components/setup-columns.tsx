import type { LegacySetup, StatusOption } from '@onboarding/contracts';
import type { DataTableColumn } from '@onboarding/ui';
import { dateText, statusLabel } from '../utils/display';

/** The seven columns both legacy tables share (spec §2). */
export function sharedColumns(
  statusOptions: readonly StatusOption[],
): DataTableColumn<LegacySetup>[] {
  return [
    { id: 'clientName', header: 'Client Name', render: (s) => s.clientName },
    { id: 'startDate', header: 'Start Date', render: (s) => dateText(s.startDate) },
    { id: 'avcDate', header: 'Date of AVC', render: (s) => dateText(s.avcDate) },
    { id: 'amsDate', header: 'Date of AMS', render: (s) => dateText(s.amsDate) },
    {
      id: 'status',
      header: 'Status',
      render: (s) => statusLabel(s.currentStatus, statusOptions),
    },
    {
      id: 'statusDetails',
      header: 'Status Details',
      render: (s) => s.statusDetails?.trim() || '-',
    },
    {
      id: 'expectedSignoffDate',
      header: 'Expected Signoff Date',
      render: (s) => dateText(s.expectedSignoffDate),
    },
  ];
}
