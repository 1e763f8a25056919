import http, { type Agent } from 'node:http';
import https from 'node:https';
import { HttpService } from '@nestjs/axios';
import axios, { type CreateAxiosDefaults } from 'axios';
import {
  BrokenCircuitError,
  circuitBreaker,
  CircuitState,
  ConsecutiveBreaker,
  ExponentialBackoff,
  halfJitterGenerator,
  handleWhenResult,
  retry,
  TaskCancelledError,
  wrap,
} from 'cockatiel';
import type { Logger } from 'pino';
import { Deadline } from '../resilience/deadline.js';
import type { GatewayConfig, UpstreamService } from '../../config/app-config.js';
import {
  type Fault,
  interpret,
  requestFailure,
  type UpstreamAnswer,
  upstreamError,
} from './upstream-faults.js';

export type { UpstreamAnswer } from './upstream-faults.js';

export interface UpstreamCall {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  /** Scalars (the contracts' queries), repeated for an array. */
  readonly query?: Record<string, unknown>;
  readonly body?: unknown;
  readonly requestId: string;
  readonly userEmail: string;
  /** A declared idempotent read: may be retried once. */
  readonly idempotent: boolean;
  /** Aborted when the browser has gone: the attempt in flight ends and no retry follows. */
  readonly signal?: AbortSignal;
  readonly log?: Logger;
}

/**
 * Returned, not thrown: the policies classify results, so a 4xx resets the breaker's count as the
 * success it is. `retryable`: an idempotent read that failed, with time left to try again.
 */
class FailedAttempt {
  constructor(
    readonly fault: Fault,
    readonly retryable: boolean,
  ) {}
}

/** The pause before the one retry: 100–200 ms, jittered so that gateways do not retry in step. */
const RETRY_BACKOFF = new ExponentialBackoff({
  initialDelay: 200,
  maxDelay: 200,
  generator: halfJitterGenerator,
});
/** A retry is only started with the longest pause and a short exchange left before the deadline. */
const RETRY_ROOM_MS = 250;

/**
 * The client of one upstream: the fault table (docs/security.md#upstream-faults) under cockatiel's
 * deadline, one retry for idempotent reads, a circuit breaker. Only our headers go out, none back.
 */
export class UpstreamClient {
  /** Opens after consecutive failures of the upstream (unreachable, timeout, 5xx). */
  readonly breaker;
  private readonly policy;
  private openedAt = 0;

  constructor(
    readonly service: UpstreamService,
    private readonly http: HttpService,
    private readonly settings: GatewayConfig['upstream'],
    private readonly logger: Logger,
  ) {
    const failed = (r: unknown): r is FailedAttempt => r instanceof FailedAttempt;
    this.breaker = circuitBreaker(
      handleWhenResult((r) => failed(r) && r.fault.kind !== 'other'),
      {
        halfOpenAfter: settings.circuitResetMs,
        breaker: new ConsecutiveBreaker(settings.circuitFailureThreshold),
      },
    );
    this.breaker.onBreak(() => (this.openedAt = Date.now()));
    // A retry after the failure opened the circuit would only meet it open.
    const retryOnce = retry(
      handleWhenResult(
        (r) => failed(r) && r.retryable && this.breaker.state === CircuitState.Closed,
      ),
      { maxAttempts: 1, backoff: RETRY_BACKOFF },
    );
    // Aggressive: the call ends at the deadline, and its signal aborts the request in flight.
    this.policy = wrap(new Deadline(settings.timeoutMs, service).policy, retryOnce, this.breaker);
  }

  async call(call: UpstreamCall): Promise<UpstreamAnswer> {
    // cockatiel would queue this call behind the half-open probe; it is answered at once instead.
    if (this.breaker.state === CircuitState.HalfOpen) throw this.circuitOpen();
    const deadline = Date.now() + this.settings.timeoutMs;
    const outcome = await this.policy
      .execute(({ signal }) => this.attempt(call, signal, deadline), call.signal)
      .catch((err: unknown) => {
        if (err instanceof BrokenCircuitError) throw this.circuitOpen();
        if (!(err instanceof TaskCancelledError)) throw err;
        throw upstreamError(call.signal?.aborted ? 'cancelled' : 'timedOut', this.service);
      });
    if (outcome instanceof FailedAttempt) throw outcome.fault.error;
    return outcome;
  }

  /** One exchange with the upstream, never throwing: an answer, or the fault it amounts to. */
  private async attempt(call: UpstreamCall, signal: AbortSignal, deadline: number) {
    const log = call.log ?? this.logger;
    const started = performance.now();
    const line = () => ({
      upstream: this.service,
      path: call.path.split('?')[0],
      ms: Math.round(performance.now() - started),
    });
    const headers: Record<string, string> = {
      'X-Request-Id': call.requestId,
      'X-User-Email': call.userEmail,
    };
    if (call.body !== undefined) headers['Content-Type'] = 'application/json';
    let result: UpstreamAnswer | Fault;
    try {
      // The instance's promise API: the policies cancel through `signal`, and HttpService's
      // Observables would add a cancel token of their own to every request.
      const response = await this.http.axiosRef.request<Buffer>({
        method: call.method,
        url: call.path,
        params: call.query,
        data: call.body === undefined ? undefined : JSON.stringify(call.body),
        headers,
        signal,
      });
      result = interpret(this.service, response);
      if (log.isLevelEnabled('debug'))
        log.debug({ ...line(), status: response.status }, 'upstream answered');
    } catch (err) {
      const endedBy = call.signal?.aborted ? 'client' : signal.aborted ? 'deadline' : undefined;
      result = requestFailure(this.service, err, endedBy);
      log.warn({ ...line(), cause: result.cause }, 'upstream call failed');
    }
    if (!('kind' in result)) return result;
    const retryable =
      call.idempotent &&
      (result.kind === 'unavailable' || result.kind === 'server') &&
      deadline - Date.now() > RETRY_ROOM_MS;
    return new FailedAttempt(result, retryable);
  }

  private circuitOpen() {
    const untilProbe = this.openedAt + this.settings.circuitResetMs - Date.now();
    const retryAfter = Math.ceil(Math.max(untilProbe, 1000) / 1000);
    return upstreamError('circuitOpen', this.service, 0, retryAfter);
  }

  /** Whether the service answers HTTP at all (any status), for /api/ready. */
  async reachable(timeoutMs: number): Promise<boolean> {
    const probe = { signal: AbortSignal.timeout(timeoutMs), maxContentLength: 64 * 1024 };
    return this.http.axiosRef.get('/', probe).then(
      () => true,
      () => false,
    );
  }

  close(): void {
    const { defaults } = this.http.axiosRef;
    (defaults.httpAgent as Agent | undefined)?.destroy();
    (defaults.httpsAgent as Agent | undefined)?.destroy();
  }
}

/**
 * One upstream's axios instance: keep-alive, raw bytes (the client reads the JSON), every status
 * an answer, no redirects, no environment proxy, a size cap, none of axios's default headers.
 */
export function upstreamAxiosConfig(
  baseURL: string,
  settings: GatewayConfig['upstream'],
): CreateAxiosDefaults {
  const { maxSockets } = settings;
  const pool = {
    keepAlive: true,
    // axios sets TCP keep-alive to 60 s on every request's socket; the pool sets this value as
    // it frees one. The same value makes both a no-op after the first (Node skips an unchanged
    // one): two system calls a request fewer (docs/benchmarks.md#gateway-keep-alive).
    keepAliveMsecs: 60_000,
    maxSockets,
    maxFreeSockets: maxSockets,
    scheduling: 'lifo',
  } as const;
  return {
    baseURL,
    allowAbsoluteUrls: false, // a path is always relative to the base URL, whatever it looks like
    httpAgent: new http.Agent(pool),
    httpsAgent: new https.Agent(pool),
    proxy: false,
    maxRedirects: 0,
    maxContentLength: settings.maxResponseBytes,
    responseType: 'arraybuffer',
    transformRequest: [],
    transformResponse: [],
    validateStatus: null,
    paramsSerializer: { indexes: null }, // `a=1&a=2`, not `a[]=1&a[]=2`
    headers: {
      Accept: 'application/json',
      'User-Agent': 'onboarding-gateway',
      'Accept-Encoding': false,
      'Content-Type': false,
    },
  };
}

export type UpstreamClients = ReadonlyMap<UpstreamService, UpstreamClient>;

export function createUpstreamClients(config: GatewayConfig, logger: Logger): UpstreamClients {
  return new Map(
    (Object.entries(config.upstreams) as [UpstreamService, string][]).map(([service, url]) => {
      const httpService = new HttpService(axios.create(upstreamAxiosConfig(url, config.upstream)));
      return [service, new UpstreamClient(service, httpService, config.upstream, logger)];
    }),
  );
}
