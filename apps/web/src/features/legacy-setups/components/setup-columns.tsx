import Box from '@mui/material/Box';
import type { LegacySetup, StatusOption } from '@onboarding/contracts';
import type { DataTableColumn } from '@onboarding/ui';
import { formatDateTime } from '@/lib/format-date';
import { changedBy, dateText, statusLabel } from '../utils/display';

/*
 * The legacy tables have many columns: to fit a 1,440 px screen (docs/requirements.md#legacy-ongoing)
 * headers wrap, a date may go over two lines at a set place, and long names and e-mails wrap
 * within a readable width.
 */

/** A header that may wrap to two lines (the table's headers keep one line by default). */
function Wrapping({ children }: { children: React.ReactNode }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'normal' }}>
      {children}
    </Box>
  );
}

/** Dates keep to one line so the many columns stay readable. */
function OneLine({ children }: { children: React.ReactNode }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {children}
    </Box>
  );
}

/** A stored date as sent (2026-11-02), which may break after its year when the column is narrow. */
function StoredDate({ value }: { value: string | null | undefined }) {
  const text = dateText(value);
  const parts = /^(\d{4}-)(.+)$/.exec(text);
  if (!parts) return <OneLine>{text}</OneLine>;
  return (
    <>
      <OneLine>{parts[1]}</OneLine>
      <wbr />
      <OneLine>{parts[2]}</OneLine>
    </>
  );
}

/** A moment as the operator reads it, its time under its date when the column is narrow. */
function Moment({ value }: { value: string | null | undefined }) {
  const [date, ...time] = formatDateTime(value).split(', ');
  return (
    <>
      <OneLine>{time.length ? `${date},` : date}</OneLine> <OneLine>{time.join(', ')}</OneLine>
    </>
  );
}

/**
 * Text without spaces (an e-mail, a long name) breaks anywhere past `minWidth`; an e-mail first
 * before its @, so it reads as name and domain.
 */
function Breaking({ text, minWidth }: { text: string; minWidth: number }) {
  const at = text.lastIndexOf('@');
  return (
    <Box component="span" sx={{ display: 'block', minWidth, overflowWrap: 'anywhere' }}>
      {at > 0 ? (
        <>
          {text.slice(0, at)}
          <wbr />
          {text.slice(at)}
        </>
      ) : (
        text
      )}
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
        minWidth: 120,
        maxWidth: 220,
      }}
    >
      {text}
    </Box>
  );
}

const dateColumn = (
  id: string,
  header: string,
  value: (s: LegacySetup) => string | null | undefined,
): DataTableColumn<LegacySetup> => ({
  id,
  header: <Wrapping>{header}</Wrapping>,
  render: (s) => <StoredDate value={value(s)} />,
});

/** The seven columns both legacy tables share (docs/requirements.md#legacy-completed). */
export function sharedColumns(
  statusOptions: readonly StatusOption[],
): DataTableColumn<LegacySetup>[] {
  return [
    {
      id: 'clientName',
      header: 'Client Name',
      render: (s) => <Breaking text={s.clientName} minWidth={100} />,
    },
    dateColumn('startDate', 'Start Date', (s) => s.startDate),
    dateColumn('avcDate', 'Date of AVC', (s) => s.avcDate),
    dateColumn('amsDate', 'Date of AMS', (s) => s.amsDate),
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
    dateColumn('expectedSignoffDate', 'Expected Signoff Date', (s) => s.expectedSignoffDate),
  ];
}

/** The ongoing table's last change: when and by whom. */
export function changeColumns(): DataTableColumn<LegacySetup>[] {
  return [
    {
      id: 'updatedAt',
      header: <Wrapping>Updated at</Wrapping>,
      render: (s) => <Moment value={s.updatedat} />,
    },
    {
      id: 'changedBy',
      header: (
        <Wrapping>
          Updated/
          <wbr />
          Created By
        </Wrapping>
      ),
      render: (s) => <Breaking text={changedBy(s)} minWidth={100} />,
    },
  ];
}
