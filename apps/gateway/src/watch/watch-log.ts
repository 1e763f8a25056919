import { randomUUID } from 'node:crypto';
import type { WatchEvent } from '@onboarding/contracts';
import type { RedisConnection } from '../common/redis/redis-connection.js';
import type { FoundEvent, WatchDigest } from './snapshot-diff.js';

/** Events kept for replay: a browser away longer than this many events gets a `gap`. */
export const WATCH_LOG_SIZE = 1_000;

/** The newest event's sequence, and the oldest one still kept (null before any). */
export interface LogBounds {
  readonly latest: number;
  readonly oldest: number | null;
}

/**
 * Whether events after `from` are missing from the log: older than the oldest kept, or (in a
 * process's memory) numbered by a process that has since restarted.
 */
export function replayGap(from: number, { latest, oldest }: LogBounds): boolean {
  if (from >= latest) return false;
  return oldest === null || from < oldest - 1;
}

/**
 * The watch's events and the digest of the last snapshot diffed: in this process, or in Redis for
 * every gateway process (one counter, one log, one baseline: a restart loses nothing).
 */
export interface WatchLog {
  /** The diff's lock, or null while another process diffs: its release. */
  lock(ttlMs: number): Promise<(() => Promise<void>) | null>;
  baseline(): Promise<WatchDigest | null>;
  /** Numbers and appends the events and replaces the baseline, all at once; the events numbered. */
  commit(events: readonly FoundEvent[], digest: WatchDigest): Promise<WatchEvent[]>;
  /** The kept events after a sequence, oldest first. */
  after(sequence: number): Promise<WatchEvent[]>;
  bounds(): Promise<LogBounds>;
}

/**
 * One process's log. Its sequence starts at the process's start time in milliseconds, so that it
 * still only grows across a restart (a browser's Last-Event-ID from before is below every new
 * event, and its `gap` says what was lost: every event, and the baseline, die with the process).
 */
export class MemoryWatchLog implements WatchLog {
  private events: WatchEvent[] = [];
  private digest: WatchDigest | null = null;
  private latest: number;
  private locked = false;

  constructor(start = Date.now()) {
    this.latest = start;
  }

  lock(): Promise<(() => Promise<void>) | null> {
    if (this.locked) return Promise.resolve(null);
    this.locked = true;
    return Promise.resolve(() => {
      this.locked = false;
      return Promise.resolve();
    });
  }
  baseline = () => Promise.resolve(this.digest);
  commit(found: readonly FoundEvent[], digest: WatchDigest): Promise<WatchEvent[]> {
    const events = found.map((e) => ({ ...e, sequence: ++this.latest }));
    this.events = [...this.events, ...events].slice(-WATCH_LOG_SIZE);
    this.digest = digest;
    return Promise.resolve(events);
  }
  after = (sequence: number) => Promise.resolve(this.events.filter((e) => e.sequence > sequence));
  bounds = () => Promise.resolve({ latest: this.latest, oldest: this.events[0]?.sequence ?? null });
}

const KEY = {
  sequence: 'onboarding:watch:sequence',
  log: 'onboarding:watch:log',
  baseline: 'onboarding:watch:baseline',
  lock: 'onboarding:watch:lock',
};

/**
 * Numbers each event (INCR), adds it to the log (a sorted set scored by its sequence), keeps the
 * last ARGV[2] and replaces the baseline (ARGV[1]), in one script: a process that dies half way
 * leaves neither events without their baseline (announced twice) nor the reverse (lost). Each
 * event comes as a JSON object and its sequence is put first.
 */
const COMMIT = `
local out = {}
for i = 3, #ARGV do
  local sequence = redis.call('INCR', KEYS[1])
  local member = '{"sequence":' .. string.format('%d', sequence) .. ',' .. string.sub(ARGV[i], 2)
  redis.call('ZADD', KEYS[2], sequence, member)
  out[#out + 1] = member
end
redis.call('ZREMRANGEBYRANK', KEYS[2], 0, -(tonumber(ARGV[2]) + 1))
redis.call('SET', KEYS[3], ARGV[1])
return out`;
// Only the lock's own holder frees it: a process whose lock expired must not end the next one's.
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

const parsed = (reply: unknown) =>
  Array.isArray(reply) ? reply.map((m) => JSON.parse(String(m)) as WatchEvent) : [];

/** The log in Redis, through the gateway's one connection and its deadline. */
export class RedisWatchLog implements WatchLog {
  constructor(private readonly redis: RedisConnection) {}

  async lock(ttlMs: number): Promise<(() => Promise<void>) | null> {
    const token = randomUUID();
    const taken = await this.redis.command(['SET', KEY.lock, token, 'NX', 'PX', String(ttlMs)]);
    if (taken !== 'OK') return null;
    return async () => {
      await this.redis.command(['EVAL', RELEASE, '1', KEY.lock, token]);
    };
  }

  async baseline(): Promise<WatchDigest | null> {
    const raw = await this.redis.command(['GET', KEY.baseline]);
    return typeof raw === 'string' ? (JSON.parse(raw) as WatchDigest) : null;
  }

  async commit(found: readonly FoundEvent[], digest: WatchDigest): Promise<WatchEvent[]> {
    const reply = await this.redis.command([
      'EVAL',
      COMMIT,
      '3',
      KEY.sequence,
      KEY.log,
      KEY.baseline,
      JSON.stringify(digest),
      String(WATCH_LOG_SIZE),
      ...found.map((e) => JSON.stringify(e)),
    ]);
    return parsed(reply);
  }

  async after(sequence: number): Promise<WatchEvent[]> {
    return parsed(await this.redis.command(['ZRANGEBYSCORE', KEY.log, `(${sequence}`, '+inf']));
  }

  async bounds(): Promise<LogBounds> {
    const latest = Number(await this.redis.command(['GET', KEY.sequence])) || 0;
    const first = await this.redis.command(['ZRANGE', KEY.log, '0', '0', 'WITHSCORES']);
    // [member, score] (RESP2), or [[member, score]] (RESP3).
    const pair = Array.isArray(first) ? (first.flat() as unknown[]) : [];
    const oldest = pair.length === 2 ? Number(pair[1]) : null;
    return { latest, oldest };
  }
}
