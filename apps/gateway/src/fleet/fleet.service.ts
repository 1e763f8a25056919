import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { InjectPinoLogger, PinoLogger } from 'nestjs-pino';
import type {
  FleetFailures,
  FleetHealth,
  FleetMatching,
  FleetMatchingQuery,
  FleetSetup,
  FleetSetups,
  FleetSnapshot,
  FleetStatus,
} from '@onboarding/contracts';
import { ApiException } from '../common/errors/api-exception.js';
import type { RedisConnection } from '../common/redis/redis-connection.js';
import type { GatewayConfig } from '../config/app-config.js';
import { ProxyService } from '../proxy/proxy.service.js';
import { APP_CONFIG, REDIS } from '../tokens.js';
import {
  type FleetState,
  flowKey,
  type ListedRow,
  type Progress,
  type ReadCalls,
  readFleet,
} from './fleet-reader.js';
import {
  type FleetLock,
  type FleetStore,
  MemoryFleetStore,
  PUBLISHED_FORMAT,
  type Published,
  RedisFleetStore,
} from './fleet-store.js';
import { healthView, matchingIds } from './health-view.js';
import { flowMetrics } from './metrics/flow-metrics.js';
import type { SetupFacts } from './metrics/workflow-facts.js';
import { setupIndex } from './setup-index.js';

/** Which flow a fleet answer is about (fleetOps' FleetQuerySchema). */
export interface FlowQuery {
  readonly flow: 'rem_omni' | 'meta';
  readonly productId?: number;
}

/**
 * Who the snapshot's upstream calls say they are made for (X-User-Email). The snapshot is one
 * for every operator and no operator asked for a given refresh, so the calls carry the gateway's
 * own service identity, never an operator's (docs/security.md#fleet-snapshot). `.invalid` is
 * reserved (RFC 2606): it can never be a real mailbox.
 */
export const FLEET_IDENTITY = 'fleet-snapshot@gateway.invalid';

/** How long a refresh holds the lock without renewing it: a process that died frees it then. */
const LOCK_TTL_MS = 30_000;
/** Progress is written and the lock renewed at most this often while a refresh reads. */
const HEARTBEAT_MS = 1_000;

/** What the last refresh made of this process cost upstream (the bench and tests read it). */
export interface RefreshReport {
  readonly calls: ReadCalls;
  readonly ms: number;
}

/**
 * The fleet snapshot: read by one process at a time while operators are signed in, kept in this
 * process or in Redis, and served to every operator with its age and progress.
 */
@Injectable()
export class FleetService implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly store: FleetStore;
  private lastActivity = 0;
  private refreshing: Promise<RefreshReport | null> | null = null;
  private closed = false;
  lastRefresh: RefreshReport | null = null;
  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @InjectPinoLogger(FleetService.name) private readonly log: PinoLogger,
    @Inject(REDIS) redis: RedisConnection | null,
    @Inject(ProxyService) private readonly proxy: ProxyService,
    @Inject(SchedulerRegistry) private readonly scheduler: SchedulerRegistry,
  ) {
    this.store = redis ? new RedisFleetStore(redis) : new MemoryFleetStore();
  }

  onApplicationBootstrap(): void {
    const { refreshMs } = this.config.fleet;
    if (refreshMs === null) return;
    // Checked often, refreshed only when due: a snapshot another process saved counts too.
    const every = Math.min(Math.max(refreshMs / 4, 250), 5_000);
    this.scheduler.addInterval('fleet-refresh', setInterval(() => void this.tick(), every).unref());
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    await this.refreshing?.catch(() => undefined);
  }

  /** A signed-in request: the snapshot is kept fresh while these come. */
  noteActivity(): void {
    if (this.config.fleet.refreshMs === null) return;
    const first = this.lastActivity === 0;
    this.lastActivity = Date.now();
    // Not in the request's log scope: the check is the fleet's work, not this request's.
    if (first) void this.log.runInContext(() => this.tick());
  }

  /**
   * An operator changed these setups through the console: the next refresh reads their workflows
   * even if their rows read as before (fleet-reader.ts says when that happens). Never throws.
   */
  async noteChange(setupIds: readonly number[]): Promise<void> {
    await this.store.touch(setupIds).catch((err: unknown) => {
      this.log.warn({ err, setupIds }, 'fleet snapshot could not note a changed setup');
    });
  }

  /**
   * How long a signed-in request or a watch stream's heartbeat counts as an operator about: a
   * period, or a heartbeat's interval where that is longer (an open tab that nobody clicks in
   * heartbeats only that often, and its bell must still hear of new failures), and a second more.
   */
  private activeWindowMs(period: number): number {
    return Math.max(period, this.config.watch.heartbeatMs) + 1_000;
  }

  /** Refreshes when operators are about and the snapshot is due; never throws. */
  private async tick(): Promise<void> {
    const period = this.config.fleet.refreshMs;
    if (period === null || this.closed || this.refreshing) return;
    if (Date.now() - this.lastActivity > this.activeWindowMs(period)) return;
    try {
      const status = await this.store.status();
      if (status.refreshingUntil > Date.now()) return;
      const published = status.version ? await this.store.published(status.version) : null;
      const due = !published || Date.now() - published.takenAt >= period;
      // After a failure, wait a period before trying again (the breaker has its own pause).
      const backingOff = status.error && Date.now() - status.error.at < period;
      if (due && !backingOff) await this.refresh();
    } catch (err) {
      this.log.warn({ err }, 'fleet snapshot check failed');
    }
  }

  /** Reads the fleet now, unless another refresh (here or in another process) is under way. */
  refresh(): Promise<RefreshReport | null> {
    if (!this.refreshing) {
      // A log scope of its own, even when a request started it: every line carries the request
      // id its upstream calls send.
      const requestId = `fleet-${randomUUID()}`;
      this.refreshing = this.log
        .runInContext(() => this.refreshUnderLock(requestId), { bindings: { requestId } })
        .finally(() => (this.refreshing = null));
    }
    return this.refreshing;
  }

  private async refreshUnderLock(requestId: string): Promise<RefreshReport | null> {
    const lock = await this.store.lock(LOCK_TTL_MS);
    if (!lock) return null;
    const started = Date.now();
    let progress: Progress = { read: 0, total: 0 };
    let beat = 0;
    const heartbeat = async () => {
      beat = Date.now();
      if (!(await lock.renew())) throw new Error('the fleet refresh lock was lost');
      await this.store.setStatus({ refreshingUntil: Date.now() + LOCK_TTL_MS, progress });
    };
    try {
      await heartbeat();
      const previous = await this.store.state();
      const touched = await this.store.touched();
      const { state, calls } = await readFleet(
        (op, request) =>
          this.proxy.read(op, request, {
            requestId,
            userEmail: FLEET_IDENTITY,
            log: this.log.logger,
          }),
        {
          concurrency: this.config.fleet.concurrency,
          previous,
          reread: new Set(touched),
          onProgress: (p) => {
            progress = p;
            if (Date.now() - beat >= HEARTBEAT_MS) void heartbeat().catch(() => undefined);
          },
        },
      );
      await this.store.save(state, publish(state), progress);
      await this.store.untouch(touched);
      await this.store.setStatus({ refreshingUntil: 0 });
      const report = { calls, ms: Date.now() - started };
      this.lastRefresh = report;
      this.log.info({ ...report, setups: count(state) }, 'fleet snapshot refreshed');
      return report;
    } catch (err) {
      const message = err instanceof ApiException ? err.message : 'The fleet could not be read.';
      this.log.warn({ err, progress }, 'fleet snapshot refresh failed');
      await this.store
        .setStatus({ refreshingUntil: 0, progress, error: { message, at: Date.now() } })
        .catch(() => undefined);
      return null;
    } finally {
      await releaseQuietly(lock);
    }
  }

  /** One flow of the current snapshot, with the snapshot's state, age and progress. */
  async snapshot(query: FlowQuery): Promise<FleetSnapshot> {
    const { status, published } = await this.served();
    return {
      ...status,
      flows: published ? [...published.flows] : [],
      metrics: published?.metrics[flowKey(query.productId ?? null)] ?? null,
    };
  }

  /** The asked setups of one flow, in the order asked, and the ids the snapshot does not hold. */
  async setups(query: FlowQuery & { setupIds: readonly number[] }): Promise<FleetSetups> {
    const { status, published } = await this.served();
    const index = published && setupIndex(published).get(flowKey(query.productId ?? null));
    return {
      ...status,
      setups: query.setupIds.flatMap((id) => index?.get(id) ?? []),
      missing: query.setupIds.filter((id) => !index?.has(id)),
    };
  }

  /** Every failed setup × retailer of one flow, with the flow's steps. */
  async failures(query: FlowQuery): Promise<FleetFailures> {
    const { status, published } = await this.served();
    const metrics = published?.metrics[flowKey(query.productId ?? null)];
    return { ...status, steps: metrics?.steps ?? [], failures: metrics?.failures ?? [] };
  }

  /**
   * One flow of the current snapshot as the health screen draws it: the published metrics' counts,
   * without their per-setup lists and ids (made once per snapshot, not per request).
   */
  async health(query: FlowQuery): Promise<FleetHealth> {
    const { status, published } = await this.served();
    const metrics = published?.metrics[flowKey(query.productId ?? null)];
    if (!metrics) return { ...status, flows: published ? [...published.flows] : [], metrics: null };
    return { ...status, flows: [...published.flows], metrics: healthView(metrics) };
  }

  /** A page of the setups behind one bar or cell of the health screen, by id ascending. */
  async matching(query: FleetMatchingQuery): Promise<FleetMatching> {
    const { status, published } = await this.served();
    const key = flowKey(query.productId ?? null);
    const metrics = published?.metrics[key];
    if (!published || !metrics) return { ...status, total: 0, setups: [] };
    const ids = matchingIds(metrics, query);
    const index = setupIndex(published).get(key);
    const page = ids.slice(query.offset, query.offset + query.limit);
    return { ...status, total: ids.length, setups: page.flatMap((id) => index?.get(id) ?? []) };
  }

  /**
   * The served snapshot and its state, age and progress, as every fleet answer carries them: one
   * read of both, so that a refresh finishing meanwhile cannot mix two snapshots in an answer.
   */
  async served(): Promise<{ status: FleetStatus; published: Published | null }> {
    const status = await this.store.status();
    const published = status.version ? await this.store.published(status.version) : null;
    const refreshing = status.refreshingUntil > Date.now() || this.refreshing !== null;
    const error = status.error && {
      message: status.error.message,
      at: new Date(status.error.at).toISOString(),
    };
    const base = { refreshing, progress: status.progress, error };
    if (!published) {
      // With no background refresh, asking is what starts the first read.
      if (this.config.fleet.refreshMs === null && !refreshing) void this.refresh();
      return {
        published,
        status: {
          ...base,
          state: status.error ? 'unavailable' : 'building',
          takenAt: null,
          ageSeconds: null,
        },
      };
    }
    const stale = status.error !== null && status.error.at > published.takenAt;
    return {
      published,
      status: {
        ...base,
        state: stale ? 'stale' : 'ready',
        takenAt: new Date(published.takenAt).toISOString(),
        ageSeconds: Math.max(0, Math.floor((Date.now() - published.takenAt) / 1000)),
      },
    };
  }
}

/** The answers of a complete read: every flow's metrics and setup index, computed here once. */
function publish(state: FleetState): Published {
  const published: Published = {
    format: PUBLISHED_FORMAT,
    version: randomUUID(),
    takenAt: state.takenAt,
    flows: state.flows.map((f) => ({
      flow: f.flow,
      productId: f.productId,
      name: f.name,
      setups: f.setups.length,
    })),
    metrics: Object.fromEntries(
      state.flows.map((f) => [
        f.key,
        flowMetrics({
          rows: f.rows,
          facts: new Map(f.setups.flatMap(([id, , facts]) => (facts ? [[id, facts]] : []))),
          steps: f.steps,
          now: state.takenAt,
        }),
      ]),
    ),
    setups: Object.fromEntries(
      state.flows.map((f) => [
        f.key,
        listedSetups(f.rows, new Map(f.setups.map(([id, , facts]) => [id, facts]))),
      ]),
    ),
  };
  setupIndex(published);
  return published;
}

/**
 * A flow's setups in list order, each with its rows (one per retailer) and its workflow's first
 * and last entry times (null when its workflow was not read).
 */
function listedSetups(
  rows: readonly ListedRow[],
  facts: ReadonlyMap<number, SetupFacts | null>,
): Omit<FleetSetup, 'forecast'>[] {
  const setups = new Map<number, Omit<FleetSetup, 'forecast'> & { rows: FleetSetup['rows'] }>();
  for (const {
    setupId,
    clientName,
    clientId,
    isNewClient,
    retailerId,
    retailerName,
    ismarketshareEnabled,
    status,
    stepName,
  } of rows) {
    let setup = setups.get(setupId);
    if (!setup) {
      const read = facts.get(setupId);
      setups.set(
        setupId,
        (setup = {
          setupId,
          clientName,
          clientId,
          isNewClient,
          rows: [],
          startedAt: isoOrNull(read?.firstAt),
          lastChangeAt: isoOrNull(read?.lastAt),
        }),
      );
    }
    const name = retailerName ?? null;
    setup.rows.push({ retailerId, retailerName: name, status, stepName, ismarketshareEnabled });
  }
  return [...setups.values()];
}

const isoOrNull = (ms: number | null | undefined) =>
  typeof ms === 'number' ? new Date(ms).toISOString() : null;

const count = (state: FleetState) => state.flows.reduce((n, f) => n + f.setups.length, 0);

async function releaseQuietly(lock: FleetLock) {
  // An unreleased lock expires by itself (LOCK_TTL_MS).
  await lock.release().catch(() => undefined);
}
