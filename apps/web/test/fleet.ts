import type {
  FleetList,
  FleetSetup,
  FleetSetups,
  FleetStatus,
  SetupForecast,
} from '@onboarding/contracts';
import type { GatewayRequest } from './fake-gateway';

const READY: FleetStatus = {
  state: 'ready',
  takenAt: '2026-11-20T10:00:00.000Z',
  ageSeconds: 12,
  refreshing: false,
  progress: { read: 10, total: 10 },
  error: null,
};

/** No snapshot could be read yet: what a screen test meets unless it scripts the fleet. */
export const NO_SNAPSHOT: Partial<FleetStatus> = {
  state: 'unavailable',
  takenAt: null,
  ageSeconds: null,
  progress: { read: 0, total: 0 },
};

/** A running setup's forecast, due at `liveBy`. */
export function forecast(setupId: number, fields: Partial<SetupForecast> = {}): SetupForecast {
  return {
    setupId,
    clientName: `client ${setupId}`,
    state: 'running',
    liveBy: null,
    failedStep: null,
    slow: [],
    unmeasured: [],
    ...fields,
  };
}

/** A setup as the snapshot holds it: one Amazon row, with its forecast (null: completed). */
export function fleetSetup(setupId: number, setupForecast: SetupForecast | null): FleetSetup {
  return {
    setupId,
    clientName: `client ${setupId}`,
    clientId: 5000 + setupId,
    isNewClient: false,
    rows: [
      {
        retailerId: 4,
        retailerName: 'Amazon',
        status: 'IN_PROGRESS',
        stepName: 'sti',
        ismarketshareEnabled: false,
      },
    ],
    forecast: setupForecast,
  };
}

/**
 * fleet.setups answered from these setups: those asked, in the order asked; the others missing
 * (made after the snapshot was read).
 */
export function fleetSetupsFrom(setups: readonly FleetSetup[], status: Partial<FleetStatus> = {}) {
  return (req: GatewayRequest): FleetSetups => {
    const asked = req.query.setupIds!.split(',').map(Number);
    const held = new Map(setups.map((s) => [s.setupId, s]));
    return {
      ...READY,
      ...status,
      setups: asked.flatMap((id) => held.get(id) ?? []),
      missing: asked.filter((id) => !held.has(id)),
    };
  };
}

/**
 * views.fleetList answered from these setups, taken as the filters' matches: the page the query
 * asks (offset, limit), with their number as the total.
 */
export function fleetListFrom(setups: readonly FleetSetup[], status: Partial<FleetStatus> = {}) {
  return (req: GatewayRequest): FleetList => {
    const offset = Number(req.query.offset ?? 0);
    const limit = Number(req.query.limit ?? 20);
    return {
      ...READY,
      ...status,
      total: setups.length,
      setups: setups.slice(offset, offset + limit),
    };
  };
}
