import { BarChart } from '@mui/x-charts/BarChart';
import type { FlowHealth } from '@onboarding/contracts';
import { useMemo } from 'react';
import { statusColor } from '../utils/chart-colors';
import { sameSelection, stepText, type Selection } from '../utils/selection';
import { stepStatusGrid } from '../utils/setups-by-step';
import { statusWords } from '../utils/status-words';
import { ChartFigure, ChartSection } from './chart-section';
import { CountButton } from './count-button';
import { HealthTable } from './health-table';
import { barHeight, CHART_MARGIN, STEP_AXIS_WIDTH } from './chart-sizes';

interface Props {
  metrics: FlowHealth;
  selection: Selection | null;
  onSelect: (selection: Selection) => void;
}

const TITLE = 'Setups by step and status';

/** Where each setup's list rows are: a stacked bar per step, a segment per status. */
export function SetupsByStepSection({ metrics, selection, onSelect }: Props) {
  const grid = useMemo(() => stepStatusGrid(metrics), [metrics]);
  const labels = grid.steps.map(stepText);
  const open = (step: string | null, status: string) => onSelect({ kind: 'bucket', step, status });

  const chart = (
    <ChartFigure label={TITLE}>
      <BarChart
        height={barHeight(grid.steps.length)}
        layout="horizontal"
        margin={CHART_MARGIN}
        yAxis={[{ scaleType: 'band', data: labels, width: STEP_AXIS_WIDTH }]}
        xAxis={[{ label: 'Setups', tickMinStep: 1 }]}
        series={grid.statuses.map((status, s) => ({
          id: status,
          label: statusWords(status),
          data: grid.counts.map((row) => row[s] ?? 0),
          stack: 'setups',
          color: statusColor(status),
        }))}
        onItemClick={(_event, item) => {
          const step = grid.steps[item.dataIndex];
          if (step !== undefined) open(step, String(item.seriesId));
        }}
      />
    </ChartFigure>
  );

  const table = (
    <HealthTable
      label={TITLE}
      columns={['Step', ...grid.statuses.map(statusWords)]}
      rows={grid.steps.map((step, i) => ({
        key: step ?? '',
        header: labels[i],
        cells: grid.statuses.map((status, s) => (
          <CountButton
            key={status}
            count={grid.counts[i]?.[s] ?? 0}
            what={`${labels[i]}, ${statusWords(status)}`}
            selected={sameSelection(selection, { kind: 'bucket', step, status })}
            onOpen={() => open(step, status)}
          />
        )),
      }))}
    />
  );

  return (
    <ChartSection
      title={TITLE}
      description="Setups by the step and status of their retailers' rows in the list (a setup whose retailers differ counts in each). A bar opens its setups."
      chart={chart}
      table={table}
      empty={metrics.setupsByStep.length === 0 ? 'There are no setups yet.' : null}
    />
  );
}
