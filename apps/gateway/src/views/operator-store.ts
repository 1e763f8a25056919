import path from 'node:path';
import type { FleetFilter, SavedView } from '@onboarding/contracts';
import { SAVED_VIEWS_MAX } from '@onboarding/contracts';
import type { Logger } from 'pino';
import { ApiException } from '../common/errors/api-exception.js';
import type { RedisConnection } from '../common/redis/redis-connection.js';
import type { GatewayConfig } from '../config/app-config.js';
import { RedisOperatorStore } from './redis-operator-store.js';
import { SqliteOperatorStore } from './sqlite-operator-store.js';

/** A setup an operator asked to hear about when it goes live (the failure watch's "Watch"). */
export interface WatchedSetup {
  readonly flow: 'rem_omni' | 'meta';
  readonly productId: number | null;
  readonly setupId: number;
}

export interface NewView {
  readonly name: string;
  readonly flow: 'rem_omni' | 'meta';
  readonly productId: number | null;
  readonly filters: FleetFilter;
  readonly pinned: boolean;
}

export interface ViewChange {
  readonly name?: string;
  readonly filters?: FleetFilter;
  readonly pinned?: boolean;
}

/**
 * What the gateway keeps per operator (issue 33), keyed by the session's e-mail: saved views,
 * the failure watch's seen sequence and watched setups. Every write is one transaction (a SQLite
 * transaction, a Redis script): a refused write changes nothing.
 */
export interface OperatorStore {
  /** The operator's views, oldest first. */
  listViews(email: string): Promise<SavedView[]>;
  /** 409 for a duplicate name or a 51st view. */
  createView(email: string, view: NewView): Promise<SavedView>;
  /** 404 for an id the operator has not got (another operator's included), 409 for a duplicate name. */
  updateView(email: string, id: string, change: ViewChange): Promise<SavedView>;
  /** false when the operator has no such view. */
  deleteView(email: string, id: string): Promise<boolean>;
  /** The last watch event sequence the operator marked seen; null when never. */
  getSeen(email: string): Promise<number | null>;
  /** Stores the sequence unless a higher one is stored; answers the stored one. */
  setSeen(email: string, sequence: number): Promise<number>;
  listWatched(email: string): Promise<WatchedSetup[]>;
  watch(email: string, setup: WatchedSetup): Promise<void>;
  unwatch(email: string, setup: WatchedSetup): Promise<void>;
  /** Brings the data to the newest schema; safe to run again, and from two processes at once. */
  migrate(): Promise<{ from: number; to: number }>;
  /** The schema version the store's data is at. */
  version(): Promise<number>;
  close(): Promise<void>;
}

/** An operator is their e-mail, whatever its case. */
export const operatorKey = (email: string) => email.trim().toLowerCase();
/** Names are unique per operator whatever their case. */
export const nameKey = (name: string) => name.trim().toLowerCase();
export const flowKeyOf = (v: { productId: number | null }) =>
  v.productId === null ? 'rem_omni' : `meta:${v.productId}`;

/**
 * A write that conflicts with what is saved is a 409 with the envelope's VALIDATION_FAILED code:
 * a code of its own would widen the envelope's enum, a breaking change to the API document.
 */
export const StoreErrors = {
  duplicate: (name: string) =>
    new ApiException(409, 'VALIDATION_FAILED', `You already have a view named "${name}".`, {
      issues: [{ path: ['body', 'name'], message: 'Already used by another of your views' }],
    }),
  limit: () =>
    new ApiException(
      409,
      'VALIDATION_FAILED',
      `You have ${SAVED_VIEWS_MAX} views, the most kept: delete one to save another.`,
    ),
  notFound: () => new ApiException(404, 'NOT_FOUND', 'There is no such view.'),
};

/**
 * Where the operator store lives: Redis when the gateway uses it, else a SQLite file in DATA_DIR.
 * SQLite is migrated before the gateway listens; Redis as soon as it answers (the connection is
 * made in the background, and an unreachable Redis answers 503s rather than stopping the start).
 */
export async function createOperatorStore(
  config: GatewayConfig,
  redis: RedisConnection | null,
  logger: Logger,
): Promise<OperatorStore> {
  const log = logger.child({ operatorStore: redis ? 'redis' : 'sqlite' });
  const migrated = ({ from, to }: { from: number; to: number }) => {
    if (from !== to) log.info({ from, to }, 'operator store migrated');
  };
  if (!redis) {
    const store = new SqliteOperatorStore(path.join(config.dataDir, 'operators.sqlite'));
    migrated(await store.migrate());
    return store;
  }
  const store = new RedisOperatorStore(redis);
  let delay = 100;
  let warned = false;
  const attempt = () =>
    store.migrate().then(migrated, (err: unknown) => {
      if (!warned) log.warn({ cause: (err as Error).message }, 'operator store not migrated yet');
      warned = true;
      delay = Math.min(delay * 2, 5_000);
      setTimeout(() => void attempt(), delay).unref();
    });
  // Once connected: a start before Redis answers is not a failure worth a warning.
  redis.whenReady(() => void attempt());
  return store;
}
