import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactElement, type ReactNode } from 'react';
import { StatusChip, type StatusTone } from './status-chip.js';

export interface TimelineDetail {
  label: string;
  value: ReactNode;
}

export interface TimelineEntry {
  id: string;
  title: ReactNode;
  /** A short word beside the title (`Current step`). */
  note?: string;
  statusLabel: string;
  tone: StatusTone;
  icon: ReactElement;
  details: readonly TimelineDetail[];
}

/** Entries under a heading of their own (one subject's, e.g. one retailer's). */
export interface TimelineGroup {
  id: string;
  title: string;
  entries: readonly TimelineEntry[];
}

export interface TimelineProps {
  /** Accessible name of the scrolling pane. */
  label: string;
  /** One list; or `groups`, each under its heading in the same pane. */
  entries?: readonly TimelineEntry[];
  groups?: readonly TimelineGroup[];
  /** Fixed pane height in px; the entries scroll inside it. */
  height?: number;
  emptyText?: ReactNode;
}

const DOT: Record<StatusTone, string> = {
  grey: '#9e9e9e',
  lightYellow: '#f3e27a',
  yellow: '#f2b705',
  green: '#2e7d32',
  red: '#c62828',
  blue: '#1565c0',
};

/** A vertical timeline of status cards in a fixed-height, keyboard-scrollable pane. */
export function Timeline({
  label,
  entries = [],
  groups,
  height = 420,
  emptyText = 'No entries',
}: TimelineProps) {
  const empty = groups ? groups.every((g) => g.entries.length === 0) : entries.length === 0;
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{
        height,
        overflowY: 'auto',
        pr: 1,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      {empty ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : groups ? (
        groups.map((group) => <GroupSection key={group.id} group={group} />)
      ) : (
        <EntryList entries={entries} />
      )}
    </Box>
  );
}

/** A group's heading stays in sight while its entries scroll under it. */
function GroupSection({ group }: { group: TimelineGroup }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 1 }}>
      <Typography
        id={headingId}
        component="h3"
        variant="subtitle1"
        sx={{
          position: 'sticky',
          top: 0,
          zIndex: 1,
          bgcolor: 'background.paper',
          fontWeight: 700,
          py: 0.5,
          mb: 1,
        }}
      >
        {group.title}
      </Typography>
      <EntryList entries={group.entries} />
    </Box>
  );
}

function EntryList({ entries }: { entries: readonly TimelineEntry[] }) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {entries.map((entry, i) => (
        <Box component="li" key={entry.id} sx={{ display: 'flex', gap: 1.5 }}>
          <Box
            aria-hidden
            sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 1.5 }}
          >
            <Box sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: DOT[entry.tone] }} />
            {i < entries.length - 1 ? (
              <Box sx={{ flexGrow: 1, width: 2, bgcolor: 'divider', mt: 0.5 }} />
            ) : null}
          </Box>
          <Paper
            variant="outlined"
            sx={{
              flexGrow: 1,
              p: 1.5,
              mb: 1.5,
              borderLeft: 4,
              borderLeftColor: DOT[entry.tone],
            }}
          >
            <Box
              sx={{
                display: 'flex',
                justifyContent: 'space-between',
                alignItems: 'center',
                gap: 1,
                flexWrap: 'wrap',
                mb: 1,
              }}
            >
              <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {entry.title}
                {entry.note ? (
                  <Typography
                    component="span"
                    variant="caption"
                    color="text.secondary"
                    sx={{ ml: 1, fontWeight: 400 }}
                  >
                    ({entry.note})
                  </Typography>
                ) : null}
              </Typography>
              <StatusChip label={entry.statusLabel} tone={entry.tone} icon={entry.icon} />
            </Box>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: 'max-content 1fr',
                columnGap: 2,
                rowGap: 0.5,
                m: 0,
                fontSize: '0.875rem',
                '& dt': { color: 'text.secondary' },
                '& dd': { m: 0, wordBreak: 'break-word' },
              }}
            >
              {entry.details.map((d) => (
                <Box key={d.label} sx={{ display: 'contents' }}>
                  <dt>{d.label}</dt>
                  <dd>{d.value}</dd>
                </Box>
              ))}
            </Box>
          </Paper>
        </Box>
      ))}
    </Box>
  );
}
