import type { FleetMatchingQuery, FlowHealth, FlowMetrics } from '@onboarding/contracts';

// One health view per published flow's metrics: a store hands out the same object while its
// snapshot is current, so the view is made once per snapshot, not per request.
const views = new WeakMap<FlowMetrics, FlowHealth>();

const withoutIds = <T extends { setupIds: readonly number[] }>({ setupIds: _ids, ...bar }: T) =>
  bar;

/**
 * A flow's metrics as the health screen draws them: counts only. The per-setup lists and each
 * bar's and cell's setup ids stay in the gateway (fleet.setups, fleet.failures, fleet.matching).
 */
export function healthView(metrics: FlowMetrics): FlowHealth {
  let view = views.get(metrics);
  if (!view) {
    const {
      forecasts: _forecasts,
      failures: _failures,
      setupsByStep,
      failuresByWeek,
      retailerSteps,
      ...counts
    } = metrics;
    view = {
      ...counts,
      setupsByStep: setupsByStep.map(withoutIds),
      setupsAtStep: metrics.steps.map((stepName) => ({
        stepName,
        setups: matchingIds(metrics, { chart: 'step', stepName }).length,
      })),
      failuresByWeek: failuresByWeek.map(withoutIds),
      retailerSteps: retailerSteps.map(withoutIds),
    };
    views.set(metrics, view);
  }
  return view;
}

type Selection = Pick<
  FleetMatchingQuery,
  'chart' | 'stepName' | 'status' | 'retailerId' | 'weekStart'
>;

const ascending = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

/** The setups behind one bar or cell of the health screen, by id ascending, each once. */
export function matchingIds(metrics: FlowMetrics, query: Selection): number[] {
  const step = query.stepName ?? null;
  switch (query.chart) {
    case 'bucket':
      return ascending(
        metrics.setupsByStep.find((b) => b.stepName === step && b.status === query.status)
          ?.setupIds ?? [],
      );
    case 'step':
      return ascending(
        metrics.setupsByStep.filter((b) => b.stepName === step).flatMap((b) => b.setupIds),
      );
    case 'cell':
      return ascending(
        metrics.retailerSteps.find(
          (c) =>
            c.retailerId === query.retailerId && c.stepName === step && c.status === query.status,
        )?.setupIds ?? [],
      );
    case 'week':
      return ascending(
        metrics.failuresByWeek.find((w) => w.weekStart === query.weekStart && w.stepName === step)
          ?.setupIds ?? [],
      );
  }
}
