import { CircuitState } from 'cockatiel';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { ApiException } from '../common/errors/api-exception.js';
import type { UpstreamClients } from '../common/upstream/upstream.client.js';

/** The project's metrics; prom-client's process and Node.js ones keep their standard names. */
const PREFIX = 'onboarding_gateway_';

/** Seconds: from a fast 401 to the default upstream deadline (UPSTREAM_TIMEOUT_MS, 15 s). */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30];
/** Seconds: a session store call is answered or failed within SESSION_STORE_TIMEOUT_MS (0.8 s). */
const STORE_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export type UpstreamOutcome =
  | 'ok'
  | '4xx'
  | '5xx'
  | 'timeout'
  | 'unreachable'
  | 'bad_response'
  | 'contract_mismatch'
  | 'circuit_open'
  | 'cancelled'
  | 'error';
export type SignInOutcome = 'success' | 'denied_domain' | 'failed' | 'store_unavailable';
export type StoreOperation = 'get' | 'set' | 'touch' | 'destroy';
/** Told of every session store call: how long it took, and how it failed if it did. */
export type StoreCallObserver = (
  operation: StoreOperation,
  seconds: number,
  failure?: 'timeout' | 'error',
) => void;

const CIRCUIT_STATES: readonly [CircuitState, string][] = [
  [CircuitState.Closed, 'closed'],
  [CircuitState.Open, 'open'],
  [CircuitState.HalfOpen, 'half_open'],
  [CircuitState.Isolated, 'isolated'],
];

/**
 * The gateway's Prometheus metrics (README.md#metrics), in a registry of its own: every label
 * value comes from a fixed set (operation ids, services, outcomes), never from a raw path or id.
 */
export class GatewayMetrics {
  readonly registry = new Registry();
  private readonly registers = [this.registry];

  private readonly requests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'Requests answered, by operation, status and error code ("" for none)',
    labelNames: ['operation', 'status', 'code'] as const,
    registers: this.registers,
  });
  private readonly inFlight = new Gauge({
    name: `${PREFIX}http_requests_in_flight`,
    help: 'Requests being answered',
    registers: this.registers,
  });
  private readonly requestDuration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from the request to the end of its answer, by operation and status class',
    labelNames: ['operation', 'status_class'] as const,
    buckets: REQUEST_BUCKETS,
    registers: this.registers,
  });
  private readonly upstreamCalls = new Counter({
    name: `${PREFIX}upstream_calls_total`,
    help: 'Proxied calls to an upstream, by service and outcome (one per call, its retry included)',
    labelNames: ['service', 'outcome'] as const,
    registers: this.registers,
  });
  private readonly upstreamDuration = new Histogram({
    name: `${PREFIX}upstream_call_duration_seconds`,
    help: 'Time of a proxied call to an upstream, its retry included, by service',
    labelNames: ['service'] as const,
    buckets: REQUEST_BUCKETS,
    registers: this.registers,
  });
  private readonly storeDuration = new Histogram({
    name: `${PREFIX}session_store_duration_seconds`,
    help: 'Time of a session store call, failed ones included, by store and operation',
    labelNames: ['store', 'operation'] as const,
    buckets: STORE_BUCKETS,
    registers: this.registers,
  });
  private readonly storeErrors = new Counter({
    name: `${PREFIX}session_store_errors_total`,
    help: 'Session store calls that failed (timeout: no answer within SESSION_STORE_TIMEOUT_MS)',
    labelNames: ['store', 'operation', 'reason'] as const,
    registers: this.registers,
  });
  private readonly rateLimited = new Counter({
    name: `${PREFIX}rate_limit_refusals_total`,
    help: 'Requests refused with 429 by a rate limiter (sign-in: per client address; api: per operator)',
    labelNames: ['limiter'] as const,
    registers: this.registers,
  });
  private readonly signIns = new Counter({
    name: `${PREFIX}sign_ins_total`,
    help: 'Sign-ins completed at the callback, by outcome',
    labelNames: ['outcome'] as const,
    registers: this.registers,
  });

  constructor({ processMetrics }: { processMetrics: boolean }) {
    // CPU, memory, GC and event-loop lag sample in the background: only when they are served.
    if (processMetrics) collectDefaultMetrics({ register: this.registry });
  }

  requestStarted(): void {
    this.inFlight.inc();
  }

  requestEnded(operation: string, status: number, code: string, seconds: number): void {
    this.inFlight.dec();
    this.requests.inc({ operation, status: String(status), code });
    const statusClass = `${Math.floor(status / 100)}xx`;
    this.requestDuration.observe({ operation, status_class: statusClass }, seconds);
  }

  upstreamCallEnded(service: string, outcome: UpstreamOutcome, seconds: number): void {
    this.upstreamCalls.inc({ service, outcome });
    this.upstreamDuration.observe({ service }, seconds);
  }

  sessionStoreObserver(store: string): StoreCallObserver {
    return (operation, seconds, failure) => {
      this.storeDuration.observe({ store, operation }, seconds);
      if (failure) this.storeErrors.inc({ store, operation, reason: failure });
    };
  }

  rateLimitRefused(limiter: string): void {
    this.rateLimited.inc({ limiter });
  }

  signIn(outcome: SignInOutcome): void {
    this.signIns.inc({ outcome });
  }

  /** A gauge read when scraped: each upstream's circuit. */
  watch(upstreams: UpstreamClients): void {
    new Gauge({
      name: `${PREFIX}upstream_circuit_state`,
      help: "Each upstream's circuit breaker: 1 for its current state, 0 for the others",
      labelNames: ['service', 'state'] as const,
      registers: this.registers,
      collect() {
        for (const client of upstreams.values())
          for (const [state, name] of CIRCUIT_STATES)
            this.set(
              { service: client.service, state: name },
              state === client.breaker.state ? 1 : 0,
            );
      },
    });
  }
}

/** How a proxied call ended, from the error the fault table made of it (upstream-faults.ts). */
export function upstreamOutcomeOf(err: unknown): UpstreamOutcome {
  if (!(err instanceof ApiException)) return 'error';
  const upstreamStatus = err.details.upstream?.status ?? 0;
  switch (err.code) {
    case 'CIRCUIT_OPEN':
      return 'circuit_open';
    case 'UPSTREAM_TIMEOUT':
      return err.getStatus() === 499 ? 'cancelled' : 'timeout';
    case 'UPSTREAM_BAD_RESPONSE':
      return 'bad_response';
    case 'UPSTREAM_UNAVAILABLE':
      return upstreamStatus >= 500 ? '5xx' : 'unreachable';
    case 'UPSTREAM_AUTH':
    case 'UPSTREAM_ERROR':
      return upstreamStatus >= 500 ? '5xx' : '4xx';
    default:
      return 'error';
  }
}
