import { BarChart } from '@mui/x-charts/BarChart';
import { stepLabel, type FlowHealth } from '@onboarding/contracts';
import { useMemo } from 'react';
import { SERIES_COLORS } from '../utils/chart-colors';
import { weekStepGrid } from '../utils/failure-weeks';
import { sameSelection, weekText, type Selection } from '../utils/selection';
import { ChartFigure, ChartSection } from './chart-section';
import { CHART_MARGIN } from './chart-sizes';
import { CountButton } from './count-button';
import { HealthTable } from './health-table';

interface Props {
  metrics: FlowHealth;
  selection: Selection | null;
  onSelect: (selection: Selection) => void;
}

const TITLE = 'Failures per week by step';

/** Step failures per week (Monday, UTC), stacked by step; a bar opens the setups that failed. */
export function FailuresByWeekSection({ metrics, selection, onSelect }: Props) {
  const grid = useMemo(() => weekStepGrid(metrics), [metrics]);
  const labels = grid.steps.map(stepLabel);
  const weeks = grid.weeks.map(weekText);
  const open = (week: string, step: string) => onSelect({ kind: 'week', week, step });

  const chart = (
    <ChartFigure label={TITLE}>
      <BarChart
        height={320}
        margin={CHART_MARGIN}
        xAxis={[{ scaleType: 'band', data: weeks, label: 'Week of' }]}
        yAxis={[{ label: 'Failures', tickMinStep: 1 }]}
        series={grid.steps.map((step, s) => ({
          id: step,
          label: labels[s],
          data: grid.failures.map((row) => row[s] ?? 0),
          stack: 'failures',
          color: SERIES_COLORS[s % SERIES_COLORS.length],
        }))}
        onItemClick={(_event, item) => {
          const week = grid.weeks[item.dataIndex];
          if (week) open(week, String(item.seriesId));
        }}
      />
    </ChartFigure>
  );

  const table = (
    <HealthTable
      label={TITLE}
      columns={['Week of', ...labels]}
      rows={grid.weeks.map((week, w) => ({
        key: week,
        header: weeks[w],
        cells: grid.steps.map((step, s) => (
          <CountButton
            key={step}
            count={grid.failures[w]?.[s] ?? 0}
            noun="failure"
            what={`${labels[s]}, week of ${weeks[w]}`}
            selected={sameSelection(selection, { kind: 'week', week, step })}
            onOpen={() => open(week, step)}
          />
        )),
      }))}
    />
  );

  return (
    <ChartSection
      title={TITLE}
      description="Each failure of a step in the workflows' history, by the week it failed in (weeks start on Monday, UTC). A bar opens the setups that failed."
      chart={chart}
      table={table}
      empty={grid.weeks.length === 0 ? 'No step has failed yet.' : null}
    />
  );
}
