import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAfterPaint } from '@onboarding/ui';
import { useCallback } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useFleetHealth } from '@/lib/data/fleet-health';
import { ProductNameLine } from '@/lib/product-name-line';
import type { SetupFlow } from '@/lib/setup-flow';
import { useSelection } from '../hooks/use-selection';
import { DurationsSection } from './durations-section';
import { FailuresByWeekSection } from './failures-by-week-section';
import { MatchingSetups } from './matching-setups';
import { ReTriggersSection } from './re-triggers-section';
import { RetailerStepsSection } from './retailer-steps-section';
import { SetupsByStepSection } from './setups-by-step-section';
import { SnapshotStatus } from './snapshot-status';

/**
 * The pipeline health screen (/rem_omni/health, /product/:id/health): one flow's fleet snapshot,
 * read by the gateway for every operator, drawn as charts with their tables; every bar or cell
 * opens its setups in the Matching setups panel (or the failure board's group of a step).
 */
export function HealthPage({ flow }: { flow: SetupFlow }) {
  const { productId } = flow;
  const snapshot = useFleetHealth(productId);
  const { selection, page, select, setPage, close, headingRef } = useSelection();
  const data = snapshot.data;
  const metrics = data && data.state !== 'building' ? data.metrics : null;
  // The first chart paints before the four sections under it render: one render of all five
  // held it back (docs/benchmarks.md#health-first-chart-first).
  const later = useAfterPaint(metrics !== null);
  const details = useCallback((setupId: number) => flow.routes.details(setupId), [flow]);
  const failureBoard = (step: string) =>
    `${flow.routes.failures()}?${new URLSearchParams({ step })}`;

  return (
    <Box>
      <Typography component="h1" variant="h1" sx={{ mb: 1 }}>
        Pipeline Health
      </Typography>
      <ProductNameLine productId={productId} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Where setups are, how long each step takes and how often it fails, from the fleet snapshot
        the console reads for every operator.{' '}
        <Link component={RouterLink} to={flow.routes.list()}>
          All setups
        </Link>{' '}
        ·{' '}
        <Link component={RouterLink} to={flow.routes.failures()}>
          Failures
        </Link>
      </Typography>

      <SnapshotStatus query={snapshot} />

      {data && (data.state === 'ready' || data.state === 'stale') && !metrics && (
        <Typography>The fleet snapshot has no setups of this {flow.scopeWord}.</Typography>
      )}
      {metrics && (
        <Stack spacing={2}>
          {selection && (
            <MatchingSetups
              productId={productId}
              metrics={metrics}
              takenAt={data?.takenAt ?? null}
              selection={selection}
              page={page}
              onPage={setPage}
              onClose={close}
              details={details}
              failureBoard={failureBoard}
              headingRef={headingRef}
            />
          )}
          <SetupsByStepSection metrics={metrics} selection={selection} onSelect={select} />
          {later && (
            <>
              <DurationsSection metrics={metrics} selection={selection} onSelect={select} />
              <FailuresByWeekSection metrics={metrics} selection={selection} onSelect={select} />
              <ReTriggersSection metrics={metrics} failureBoard={failureBoard} />
              <RetailerStepsSection metrics={metrics} selection={selection} onSelect={select} />
            </>
          )}
        </Stack>
      )}
    </Box>
  );
}
