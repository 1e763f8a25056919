/**
 * The forecast lines of a setup (issue 32), from the gateway's fleet snapshot
 * (GET /api/fleet/setups): when it should go live, why that is unknown, and its slow steps.
 */
import { stepLabel, type FleetSetups } from '@onboarding/contracts';
import { formatDateTime } from '@/lib/format-date';
import { formatDuration } from './duration';

export interface ForecastLine {
  text: string;
  /** A slow step is a warning; `pending`: no forecast yet, the snapshot has not read the setup. */
  kind: 'forecast' | 'slow' | 'pending';
}

const line = (text: string, kind: ForecastLine['kind'] = 'forecast'): ForecastLine => ({
  text,
  kind,
});

/** Said while the snapshot is read for the first time, or before it holds a new setup. */
const FORECAST_PENDING = 'Forecast: being worked out';

/**
 * What to show for `setupId`: nothing once it has completed (`completed`, as the screen's own
 * data says, or no forecast in the snapshot), or when the snapshot cannot tell.
 */
export function forecastLines(
  answer: FleetSetups | undefined,
  setupId: number,
  completed: boolean,
): ForecastLine[] {
  if (!answer || completed || answer.state === 'unavailable') return [];
  const setup = answer.setups.find((s) => s.setupId === setupId);
  if (answer.state === 'building' || (!setup && answer.missing.includes(setupId))) {
    return [line(FORECAST_PENDING, 'pending')];
  }
  const forecast = setup?.forecast;
  if (!forecast) return [];
  if (forecast.state === 'failed') {
    return [line(`Forecast: unknown — ${stepLabel(forecast.failedStep) || 'a step'} failed`)];
  }
  const lines = [
    forecast.liveBy !== null
      ? line(`Forecast live by ${formatDateTime(forecast.liveBy)}`)
      : forecast.unmeasured.length > 0
        ? line(`Forecast: unknown — ${forecast.unmeasured.map(stepLabel).join(', ')} not timed yet`)
        : line('Forecast: unknown'),
  ];
  // One line per step: its longest run among the retailers.
  const slowest = new Map<string, (typeof forecast.slow)[number]>();
  for (const s of forecast.slow) {
    const seen = slowest.get(s.stepName);
    if (!seen || s.elapsedMs > seen.elapsedMs) slowest.set(s.stepName, s);
  }
  for (const s of slowest.values()) {
    const took = `running ${formatDuration(s.elapsedMs)}, usually under ${formatDuration(s.p90Ms)}`;
    lines.push(line(`Slow: ${stepLabel(s.stepName)} (${took})`, 'slow'));
  }
  return lines;
}
