import { randomUUID } from 'node:crypto';
import { SAVED_VIEWS_MAX, type SavedView } from '@onboarding/contracts';
import type { RedisConnection } from '../common/redis/redis-connection.js';
import {
  flowKeyOf,
  type NewView,
  nameKey,
  type OperatorStore,
  operatorKey,
  StoreErrors,
  type ViewChange,
  type WatchedSetup,
} from './operator-store.js';

/** The schema version of the data under onboarding:operator:, kept in VERSION_KEY. */
const REDIS_SCHEMA_VERSION = 1;
export const VERSION_KEY = 'onboarding:operator:version';

/**
 * Each operator's keys share a hash tag, so one script may write them all (Redis Cluster too):
 * views (id → view JSON), names (lower-cased name → id), pins (flow key → the pinned view's id),
 * order (ids by a creation number from seq: createdAt may repeat within a millisecond).
 */
const keys = (email: string) => {
  const base = `onboarding:operator:{${operatorKey(email)}}`;
  return {
    views: `${base}:views`,
    names: `${base}:names`,
    pins: `${base}:pins`,
    order: `${base}:order`,
    seq: `${base}:seq`,
    seen: `${base}:seen`,
    watched: `${base}:watched`,
  };
};

/** A view as stored: the contract's fields but pinned (the pins hash says), with its keys. */
type StoredView = Omit<SavedView, 'pinned'> & { nameKey: string; flowKey: string };

// Every check and write of a save in one script: a refused save writes nothing.
const SAVE = `
local mode, id, json, nameKey, flowKey, pinned, max = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6], tonumber(ARGV[7])
local current = redis.call('HGET', KEYS[1], id)
if mode == 'update' and not current then return 'not-found' end
if mode == 'create' and redis.call('HLEN', KEYS[1]) >= max then return 'limit' end
local holder = redis.call('HGET', KEYS[2], nameKey)
if holder and holder ~= id then return 'duplicate' end
if current then
  local old = cjson.decode(current).nameKey
  if old ~= nameKey then redis.call('HDEL', KEYS[2], old) end
end
redis.call('HSET', KEYS[2], nameKey, id)
if pinned == '1' then redis.call('HSET', KEYS[3], flowKey, id)
elseif pinned == '0' and redis.call('HGET', KEYS[3], flowKey) == id then redis.call('HDEL', KEYS[3], flowKey) end
if not current then redis.call('ZADD', KEYS[4], redis.call('INCR', KEYS[5]), id) end
redis.call('HSET', KEYS[1], id, json)
return 'ok'`;

const DELETE = `
local current = redis.call('HGET', KEYS[1], ARGV[1])
if not current then return 0 end
local view = cjson.decode(current)
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[4], ARGV[1])
if redis.call('HGET', KEYS[2], view.nameKey) == ARGV[1] then redis.call('HDEL', KEYS[2], view.nameKey) end
if redis.call('HGET', KEYS[3], view.flowKey) == ARGV[1] then redis.call('HDEL', KEYS[3], view.flowKey) end
return 1`;

const SET_SEEN = `
local stored = tonumber(redis.call('GET', KEYS[1]) or '-1')
local asked = tonumber(ARGV[1])
if asked > stored then redis.call('SET', KEYS[1], ARGV[1]) return ARGV[1] end
return tostring(stored)`;

// Raises the version, never lowers it: an older gateway starting late leaves a newer one's mark.
const SET_VERSION = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current < tonumber(ARGV[1]) then redis.call('SET', KEYS[1], ARGV[1]) end
return tostring(current)`;

const member = (s: WatchedSetup) => `${s.flow}|${s.productId ?? ''}|${s.setupId}`;

/** The operator store in the gateway's Redis, shared by every gateway process. */
export class RedisOperatorStore implements OperatorStore {
  constructor(private readonly redis: RedisConnection) {}

  /**
   * Version 1 is the first layout: there is nothing older to convert, so migrating records the
   * version. A later layout adds its conversion here, before the version is raised.
   */
  async migrate(): Promise<{ from: number; to: number }> {
    const from = Number(
      await this.redis.command(['EVAL', SET_VERSION, '1', VERSION_KEY, `${REDIS_SCHEMA_VERSION}`]),
    );
    return { from, to: Math.max(from, REDIS_SCHEMA_VERSION) };
  }

  async version(): Promise<number> {
    return Number((await this.redis.command(['GET', VERSION_KEY])) ?? 0);
  }

  async listViews(email: string): Promise<SavedView[]> {
    const k = keys(email);
    const [ids, pins] = (await Promise.all([
      this.redis.command(['ZRANGE', k.order, '0', '-1']),
      this.redis.command(['HVALS', k.pins]),
    ])) as [string[], string[]];
    if (ids.length === 0) return [];
    const views = (await this.redis.command(['HMGET', k.views, ...ids])) as (string | null)[];
    const pinned = new Set(pins);
    return views.flatMap((json) =>
      json ? [this.toView(JSON.parse(json) as StoredView, pinned)] : [],
    );
  }

  private toView(stored: StoredView, pinned: ReadonlySet<string>): SavedView {
    const { nameKey: _n, flowKey: _f, ...view } = stored;
    return { ...view, pinned: pinned.has(view.id) };
  }

  private async save(
    mode: 'create' | 'update',
    email: string,
    view: StoredView,
    pinned: boolean | undefined,
  ): Promise<SavedView> {
    const k = keys(email);
    const answer = await this.redis.command([
      'EVAL',
      SAVE,
      '5',
      k.views,
      k.names,
      k.pins,
      k.order,
      k.seq,
      mode,
      view.id,
      JSON.stringify(view),
      view.nameKey,
      view.flowKey,
      pinned === undefined ? '' : pinned ? '1' : '0',
      `${SAVED_VIEWS_MAX}`,
    ]);
    if (answer === 'not-found') throw StoreErrors.notFound();
    if (answer === 'limit') throw StoreErrors.limit();
    if (answer === 'duplicate') throw StoreErrors.duplicate(view.name);
    const pin = await this.redis.command(['HGET', k.pins, view.flowKey]);
    return this.toView(view, new Set(typeof pin === 'string' ? [pin] : []));
  }

  createView(email: string, view: NewView): Promise<SavedView> {
    const now = new Date().toISOString();
    const { pinned, ...rest } = view;
    return this.save(
      'create',
      email,
      {
        ...rest,
        id: randomUUID(),
        name: view.name.trim(),
        nameKey: nameKey(view.name),
        flowKey: flowKeyOf(view),
        createdAt: now,
        updatedAt: now,
      },
      pinned,
    );
  }

  async updateView(email: string, id: string, change: ViewChange): Promise<SavedView> {
    const raw = await this.redis.command(['HGET', keys(email).views, id]);
    if (typeof raw !== 'string') throw StoreErrors.notFound();
    const current = JSON.parse(raw) as StoredView;
    const name = change.name?.trim() ?? current.name;
    return this.save(
      'update',
      email,
      {
        ...current,
        name,
        nameKey: nameKey(name),
        filters: change.filters ?? current.filters,
        updatedAt: new Date().toISOString(),
      },
      change.pinned,
    );
  }

  async deleteView(email: string, id: string): Promise<boolean> {
    const k = keys(email);
    const deleted = await this.redis.command([
      'EVAL',
      DELETE,
      '4',
      k.views,
      k.names,
      k.pins,
      k.order,
      id,
    ]);
    return deleted === 1;
  }

  async getSeen(email: string): Promise<number | null> {
    const raw = await this.redis.command(['GET', keys(email).seen]);
    return typeof raw === 'string' ? Number(raw) : null;
  }

  async setSeen(email: string, sequence: number): Promise<number> {
    const raw = await this.redis.command(['EVAL', SET_SEEN, '1', keys(email).seen, `${sequence}`]);
    return Number(raw);
  }

  async listWatched(email: string): Promise<WatchedSetup[]> {
    const members = (await this.redis.command(['SMEMBERS', keys(email).watched])) as string[];
    return members
      .map((m) => {
        const [flow, productId, setupId] = m.split('|');
        return {
          flow: flow as WatchedSetup['flow'],
          productId: productId ? Number(productId) : null,
          setupId: Number(setupId),
        };
      })
      .sort((a, b) => member(a).localeCompare(member(b)));
  }

  async watch(email: string, setup: WatchedSetup): Promise<void> {
    await this.redis.command(['SADD', keys(email).watched, member(setup)]);
  }

  async unwatch(email: string, setup: WatchedSetup): Promise<void> {
    await this.redis.command(['SREM', keys(email).watched, member(setup)]);
  }

  /** The connection is the gateway's own: closed by CoreModule. */
  close = () => Promise.resolve();
}
