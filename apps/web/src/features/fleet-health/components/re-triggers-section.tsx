import Link from '@mui/material/Link';
import { BarChart } from '@mui/x-charts/BarChart';
import { stepLabel, type FlowHealth } from '@onboarding/contracts';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ChartFigure, ChartSection } from './chart-section';
import { barHeight, CHART_MARGIN, STEP_AXIS_WIDTH } from './chart-sizes';
import { HealthTable } from './health-table';

interface Props {
  metrics: FlowHealth;
  /** The failure board's group of a step. */
  failureBoard: (step: string) => string;
}

const TITLE = 'Re-trigger success rate by step';

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)} %`);

/**
 * How often a re-triggered step then completed: succeeded / (succeeded + failed), the ones still
 * running aside. The snapshot does not name the setups behind a rate, so a bar opens the step's
 * group on the failure board, where its failed rows can be re-triggered.
 */
export function ReTriggersSection({ metrics, failureBoard }: Props) {
  const navigate = useNavigate();
  const rows = metrics.reTriggers.filter((r) => r.reTriggers > 0);
  const labels = rows.map((r) => stepLabel(r.stepName));

  const chart = (
    <ChartFigure label={TITLE}>
      <BarChart
        height={barHeight(rows.length)}
        layout="horizontal"
        margin={CHART_MARGIN}
        yAxis={[{ scaleType: 'band', data: labels, width: STEP_AXIS_WIDTH }]}
        xAxis={[{ label: 'Success rate (%)', min: 0, max: 100 }]}
        series={[
          {
            id: 'rate',
            label: 'Success rate',
            data: rows.map((r) =>
              r.successRate === null ? null : Math.round(r.successRate * 100),
            ),
            valueFormatter: (v: number | null) => (v === null ? 'none finished yet' : `${v} %`),
            color: '#2e7d32',
          },
        ]}
        hideLegend
        onItemClick={(_event, item) => {
          const row = rows[item.dataIndex];
          if (row) void navigate(failureBoard(row.stepName));
        }}
      />
    </ChartFigure>
  );

  const table = (
    <HealthTable
      label={TITLE}
      columns={['Step', 'Re-triggers', 'Succeeded', 'Failed', 'Still running', 'Success rate']}
      rows={rows.map((r, i) => ({
        key: r.stepName,
        header: (
          <Link
            component={RouterLink}
            to={failureBoard(r.stepName)}
            aria-label={`${labels[i]} on the failure board`}
          >
            {labels[i]}
          </Link>
        ),
        cells: [r.reTriggers, r.succeeded, r.failed, r.pending, percent(r.successRate)],
      }))}
    />
  );

  return (
    <ChartSection
      title={TITLE}
      description="Of the re-triggered steps that have finished, the share that completed. A bar opens the step's group on the failure board."
      chart={chart}
      table={table}
      empty={rows.length === 0 ? 'No step has been re-triggered yet.' : null}
    />
  );
}
