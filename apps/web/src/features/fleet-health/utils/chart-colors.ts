/**
 * Bar colours by status, as the status chips colour them (packages/ui status-chip.tsx): done
 * green, failed red, running blue, waiting grey. Colour never tells a status alone: the legend,
 * the tooltip and the table name it.
 */
const COLORS: Record<string, string> = {
  not_started: '#9e9e9e',
  started: '#64b5f6',
  in_progress: '#1565c0',
  completed: '#2e7d32',
  failed: '#c62828',
};
const OTHER = '#f9a825';

export const statusColor = (status: string) => COLORS[status.toLowerCase()] ?? OTHER;

/** Colours told apart in order, for series that are steps (failures by week). */
export const SERIES_COLORS = [
  '#1565c0',
  '#c62828',
  '#2e7d32',
  '#6a1b9a',
  '#ef6c00',
  '#00838f',
  '#5d4037',
  '#ad1457',
  '#455a64',
  '#9e9d24',
];
