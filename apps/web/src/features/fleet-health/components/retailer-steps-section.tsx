import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { stepLabel, type FlowHealth } from '@onboarding/contracts';
import { useMemo } from 'react';
import { SectionCard } from '@/lib/section-card';
import { retailerGrid } from '../utils/retailer-grid';
import { sameSelection, type Selection } from '../utils/selection';
import { statusWords } from '../utils/status-words';
import { CountButton } from './count-button';
import { HealthTable } from './health-table';

interface Props {
  metrics: FlowHealth;
  selection: Selection | null;
  onSelect: (selection: Selection) => void;
}

const TITLE = 'Retailer × step status';

/**
 * For each retailer and step, how many setups have that step in each status in their current
 * workflow; a count opens those setups.
 */
export function RetailerStepsSection({ metrics, selection, onSelect }: Props) {
  const grid = useMemo(() => retailerGrid(metrics), [metrics]);
  const labels = grid.steps.map(stepLabel);
  return (
    <SectionCard title={TITLE}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Each retailer&apos;s setups by the status of every step in their current workflow. A count
        opens its setups.
      </Typography>
      {grid.rows.length === 0 ? (
        <Typography>No workflow has been read yet.</Typography>
      ) : (
        <HealthTable
          label={TITLE}
          align="left"
          columns={['Retailer', ...labels]}
          rows={grid.rows.map((row) => ({
            key: row.retailerId,
            header: row.retailerName,
            cells: grid.steps.map((step, s) => (
              <Stack key={step} sx={{ alignItems: 'flex-start' }}>
                {(row.cells[s] ?? []).map(({ status, count }) => {
                  const cell = { kind: 'cell' as const, retailerId: row.retailerId, step, status };
                  return (
                    <CountButton
                      key={status}
                      count={count}
                      text={`${count} ${statusWords(status).toLowerCase()}`}
                      what={`${row.retailerName}, ${labels[s]}`}
                      selected={sameSelection(selection, cell)}
                      onOpen={() => onSelect(cell)}
                    />
                  );
                })}
              </Stack>
            )),
          }))}
        />
      )}
    </SectionCard>
  );
}
