import { stepLabel, type SetupForecast } from '@onboarding/contracts';
import { formatDateTime } from '@/lib/format-date';

/**
 * A setup's forecast in a line, as its details page words it (docs/requirements.md): when it
 * should go live, or why that is unknown; `Completed` once every retailer has.
 */
export function forecastText(forecast: SetupForecast | null): string {
  if (forecast === null) return 'Completed';
  if (forecast.state === 'failed') {
    return `Forecast: unknown — ${stepLabel(forecast.failedStep) || 'a step'} failed`;
  }
  if (forecast.liveBy !== null) return `Forecast live by ${formatDateTime(forecast.liveBy)}`;
  return forecast.unmeasured.length > 0
    ? `Forecast: unknown — ${forecast.unmeasured.map(stepLabel).join(', ')} not timed yet`
    : 'Forecast: unknown';
}

/** `Slow: STI`: the steps running longer than their p90, each once. */
export function slowText(forecast: SetupForecast | null): string | null {
  const steps = [...new Set(forecast?.slow.map((s) => stepLabel(s.stepName)) ?? [])];
  return steps.length > 0 ? `Slow: ${steps.join(', ')}` : null;
}
