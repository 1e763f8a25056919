import { BarChart } from '@mui/x-charts/BarChart';
import { stepLabel, type FlowHealth } from '@onboarding/contracts';
import { durationAxisUnit, humanDuration, humanDurationOrDash } from '../utils/human-duration';
import { sameSelection, type Selection } from '../utils/selection';
import { ChartFigure, ChartSection } from './chart-section';
import { barHeight, CHART_MARGIN, STEP_AXIS_WIDTH } from './chart-sizes';
import { CountButton } from './count-button';
import { HealthTable } from './health-table';

interface Props {
  metrics: FlowHealth;
  selection: Selection | null;
  onSelect: (selection: Selection) => void;
}

const TITLE = 'Step durations';

/** Setups whose rows are at each step now, each once (the gateway counts them). */
function setupsAt(metrics: FlowHealth, step: string): number {
  return metrics.setupsAtStep.find((a) => a.stepName === step)?.setups ?? 0;
}

/**
 * How long each step takes, from its start to its completion in the workflows' history: the
 * median (p50) and the 90th percentile of n measured runs. A step's bars open the setups at it.
 */
export function DurationsSection({ metrics, selection, onSelect }: Props) {
  const steps = metrics.durations;
  const labels = steps.map((d) => stepLabel(d.stepName));
  const hasExpected = steps.some((d) => d.expectedMs !== null);
  const open = (step: string) => onSelect({ kind: 'step', step });
  // Bars in the unit of the longest (ticks at whole minutes or hours); tooltips in words.
  const unit = durationAxisUnit(Math.max(0, ...steps.map((d) => d.p90Ms ?? d.p50Ms ?? 0)));
  const inUnit = (ms: number | null) => (ms === null ? null : ms / unit.ms);
  const format = (value: number | null) =>
    value === null ? 'not measured' : humanDuration(value * unit.ms);

  const chart = (
    <ChartFigure label={TITLE}>
      <BarChart
        height={barHeight(steps.length)}
        layout="horizontal"
        margin={CHART_MARGIN}
        yAxis={[{ scaleType: 'band', data: labels, width: STEP_AXIS_WIDTH }]}
        xAxis={[{ label: `Duration (${unit.name})` }]}
        series={[
          {
            id: 'p50',
            label: 'p50 (median)',
            data: steps.map((d) => inUnit(d.p50Ms)),
            color: '#1565c0',
          },
          { id: 'p90', label: 'p90', data: steps.map((d) => inUnit(d.p90Ms)), color: '#ef6c00' },
        ].map((series) => ({ ...series, valueFormatter: format }))}
        onItemClick={(_event, item) => {
          const step = steps[item.dataIndex];
          if (step) open(step.stepName);
        }}
      />
    </ChartFigure>
  );

  const table = (
    <HealthTable
      label={TITLE}
      columns={[
        'Step',
        'p50',
        'p90',
        'n',
        ...(hasExpected ? ['Expected'] : []),
        'Setups at the step now',
      ]}
      rows={steps.map((d, i) => ({
        key: d.stepName,
        header: labels[i],
        cells: [
          humanDurationOrDash(d.p50Ms),
          humanDurationOrDash(d.p90Ms),
          d.n,
          ...(hasExpected ? [humanDurationOrDash(d.expectedMs)] : []),
          <CountButton
            key="now"
            count={setupsAt(metrics, d.stepName)}
            what={`Now at ${labels[i]}`}
            selected={sameSelection(selection, { kind: 'step', step: d.stepName })}
            onOpen={() => open(d.stepName)}
          />,
        ],
      }))}
    />
  );

  return (
    <ChartSection
      title={TITLE}
      description="From a step's start to its completion, over every run in the workflows' history: the median (p50), the 90th percentile (p90) and the runs measured (n). A step's bars open the setups at it now."
      chart={chart}
      table={table}
      empty={steps.length === 0 ? 'This flow has no steps.' : null}
    />
  );
}
