import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { SectionCard } from '@/lib/section-card';

interface Props {
  title: string;
  /** One line under the heading: what the chart counts. */
  description: string;
  chart: ReactNode;
  /** The chart's accessible equivalent: the same figures, each bar a cell. */
  table: ReactNode;
  /** In place of both when there is nothing to draw. */
  empty?: string | null;
}

/**
 * A chart in its section, with "Show as table" beside the heading: a switch (Tab, then Space)
 * that puts the chart's figures in a table, where each bar is a cell that opens its setups.
 */
export function ChartSection({ title, description, chart, table, empty = null }: Props) {
  const [asTable, setAsTable] = useState(false);
  return (
    <SectionCard
      title={title}
      action={
        empty === null ? (
          <FormControlLabel
            control={<Switch checked={asTable} onChange={(e) => setAsTable(e.target.checked)} />}
            label="Show as table"
          />
        ) : null
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {description}
      </Typography>
      {empty !== null ? <Typography>{empty}</Typography> : asTable ? table : chart}
    </SectionCard>
  );
}

/**
 * A chart as a figure named by its section's title (the chart's own `title` names an element
 * without a role, which ARIA does not allow); its bars stay reachable inside.
 */
export function ChartFigure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="figure" aria-label={label} sx={{ m: 0 }}>
      {children}
    </Box>
  );
}
