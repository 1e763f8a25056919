import { randomUUID } from 'node:crypto';
import type { FleetFlow, FleetSetup, FlowMetrics } from '@onboarding/contracts';
import type { RedisConnection } from '../common/redis/redis-connection.js';
import type { FleetState, Progress } from './fleet-reader.js';

/**
 * The shape of the answers a refresh publishes: answers of another shape (saved in Redis by an
 * older gateway: 2 added each setup's clientId) are not served; the next refresh publishes anew.
 */
export const PUBLISHED_FORMAT = 2;

/** The answers of one complete snapshot, computed once when it was read. */
export interface Published {
  readonly format?: number;
  readonly version: string;
  readonly takenAt: number;
  readonly flows: readonly FleetFlow[];
  /** Each flow's metrics, by flow key (fleet-reader.ts flowKey). */
  readonly metrics: Readonly<Record<string, FlowMetrics>>;
  /**
   * Each flow's setups with their list rows, by flow key, for fleet.setups. The forecast is left
   * out (it is in the flow's metrics.forecasts): Redis would hold each one twice.
   */
  readonly setups: Readonly<Record<string, readonly Omit<FleetSetup, 'forecast'>[]>>;
}

/** Small and read on every request: which snapshot is current, and how the refresh is going. */
export interface FleetStatus {
  readonly version: string | null;
  /** A refresh is under way until then (epoch ms): its process renews it while it reads. */
  readonly refreshingUntil: number;
  readonly progress: Progress;
  /** The last refresh's failure, cleared by the next complete one. */
  readonly error: { readonly message: string; readonly at: number } | null;
}

export interface FleetLock {
  /** Keeps the lock for another term; false when it was lost (expired and taken). */
  renew(): Promise<boolean>;
  release(): Promise<void>;
}

/**
 * Where the snapshot lives: in this process, or in Redis for every gateway process to serve and,
 * one at a time, refresh.
 */
export interface FleetStore {
  status(): Promise<FleetStatus>;
  setStatus(patch: Partial<FleetStatus>): Promise<void>;
  published(version: string): Promise<Published | null>;
  /** What the last complete refresh read, for the next one to start from. */
  state(): Promise<FleetState | null>;
  /** Replaces the snapshot: state and answers first, then the status that points at them. */
  save(state: FleetState, published: Published, progress: Progress): Promise<void>;
  /** The refresh lock, or null when another process holds it. */
  lock(ttlMs: number): Promise<FleetLock | null>;
  /** Notes setups an operator changed through the console: the next refresh reads them. */
  touch(setupIds: readonly number[]): Promise<void>;
  /** The setups noted since the last complete refresh. */
  touched(): Promise<number[]>;
  /** Forgets setups a complete refresh has read (those noted since stay). */
  untouch(setupIds: readonly number[]): Promise<void>;
}

const EMPTY_STATUS: FleetStatus = {
  version: null,
  refreshingUntil: 0,
  progress: { read: 0, total: 0 },
  error: null,
};

export class MemoryFleetStore implements FleetStore {
  private current: FleetStatus = EMPTY_STATUS;
  private snapshot: { state: FleetState; published: Published } | null = null;
  private locked = false;
  private readonly changed = new Set<number>();

  status = () => Promise.resolve(this.current);
  setStatus(patch: Partial<FleetStatus>) {
    this.current = { ...this.current, ...patch };
    return Promise.resolve();
  }
  published = (version: string) =>
    Promise.resolve(this.snapshot?.published.version === version ? this.snapshot.published : null);
  state = () => Promise.resolve(this.snapshot?.state ?? null);
  save(state: FleetState, published: Published, progress: Progress) {
    this.snapshot = { state, published };
    return this.setStatus({ version: published.version, progress, error: null });
  }
  lock(): Promise<FleetLock | null> {
    if (this.locked) return Promise.resolve(null);
    this.locked = true;
    return Promise.resolve({
      renew: () => Promise.resolve(true),
      release: () => {
        this.locked = false;
        return Promise.resolve();
      },
    });
  }
  touch(setupIds: readonly number[]) {
    for (const id of setupIds) this.changed.add(id);
    return Promise.resolve();
  }
  touched = () => Promise.resolve([...this.changed]);
  untouch(setupIds: readonly number[]) {
    for (const id of setupIds) this.changed.delete(id);
    return Promise.resolve();
  }
}

const KEY = {
  status: 'onboarding:fleet:status',
  published: 'onboarding:fleet:published',
  state: 'onboarding:fleet:state',
  lock: 'onboarding:fleet:lock',
  touched: 'onboarding:fleet:touched',
};

// The lock's own token only: a process whose lock expired and was taken must not end the other's.
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;

/**
 * The snapshot in Redis, through the gateway's one connection and its deadline. The lock is
 * `SET NX PX` with a random token, renewed while the refresh reads and released only by its
 * holder (a compare-and-delete script): Redlock's several-masters algorithm is not needed for one
 * Redis, and its npm packages want ioredis, not the node-redis the gateway uses.
 */
export class RedisFleetStore implements FleetStore {
  /** The last answers fetched, kept while their version is current. */
  private cached: Published | null = null;

  constructor(private readonly redis: RedisConnection) {}

  async status(): Promise<FleetStatus> {
    const raw = await this.redis.command(['GET', KEY.status]);
    return typeof raw === 'string' ? (JSON.parse(raw) as FleetStatus) : EMPTY_STATUS;
  }

  async setStatus(patch: Partial<FleetStatus>): Promise<void> {
    await this.redis.command([
      'SET',
      KEY.status,
      JSON.stringify({ ...(await this.status()), ...patch }),
    ]);
  }

  async published(version: string): Promise<Published | null> {
    if (this.cached?.version === version) return this.cached;
    const raw = await this.redis.command(['GET', KEY.published]);
    const published = typeof raw === 'string' ? (JSON.parse(raw) as Published) : null;
    // Another process may have saved a newer one since the status was read: keep whatever it is.
    this.cached = published;
    return published?.version === version && published.format === PUBLISHED_FORMAT
      ? published
      : null;
  }

  async state(): Promise<FleetState | null> {
    const raw = await this.redis.command(['GET', KEY.state]);
    return typeof raw === 'string' ? (JSON.parse(raw) as FleetState) : null;
  }

  async save(state: FleetState, published: Published, progress: Progress): Promise<void> {
    await this.redis.command(['SET', KEY.state, JSON.stringify(state)]);
    await this.redis.command(['SET', KEY.published, JSON.stringify(published)]);
    this.cached = published;
    await this.setStatus({ version: published.version, progress, error: null });
  }

  async lock(ttlMs: number): Promise<FleetLock | null> {
    const token = randomUUID();
    const taken = await this.redis.command(['SET', KEY.lock, token, 'NX', 'PX', String(ttlMs)]);
    if (taken !== 'OK') return null;
    return {
      renew: async () =>
        (await this.redis.command(['EVAL', RENEW, '1', KEY.lock, token, String(ttlMs)])) === 1,
      release: async () => {
        await this.redis.command(['EVAL', RELEASE, '1', KEY.lock, token]);
      },
    };
  }

  // A set shared by every process: a write one process passed on is read by whichever refreshes.
  async touch(setupIds: readonly number[]): Promise<void> {
    if (setupIds.length) await this.redis.command(['SADD', KEY.touched, ...setupIds.map(String)]);
  }

  async touched(): Promise<number[]> {
    const members = await this.redis.command(['SMEMBERS', KEY.touched]);
    return Array.isArray(members) ? members.map(Number).filter(Number.isSafeInteger) : [];
  }

  async untouch(setupIds: readonly number[]): Promise<void> {
    if (setupIds.length) await this.redis.command(['SREM', KEY.touched, ...setupIds.map(String)]);
  }
}
