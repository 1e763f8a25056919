import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type MessageEvent,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import {
  WATCH_RETRY_MS,
  WATCHED_MAX,
  type WatchedSetup,
  type WatchedSetups,
  type WatchEnd,
  type WatchEvent,
  type WatchState,
} from '@onboarding/contracts';
import type { SessionData } from 'express-session';
import { InjectPinoLogger, PinoLogger } from 'nestjs-pino';
import { Observable, Subject, type Subscriber } from 'rxjs';
import type { FailFastSessionStore } from '../auth/session/session-store.js';
import { ApiException } from '../common/errors/api-exception.js';
import type { RedisConnection } from '../common/redis/redis-connection.js';
import type { GatewayConfig } from '../config/app-config.js';
import { FleetService } from '../fleet/fleet.service.js';
import { APP_CONFIG, OPERATOR_STORE, REDIS, SESSION_STORE } from '../tokens.js';
import type { OperatorStore } from '../views/operator-store.js';
import { diffSnapshots, digestOf } from './snapshot-diff.js';
import { MemoryWatchLog, RedisWatchLog, replayGap, type WatchLog } from './watch-log.js';

/** How often each process looks for a new snapshot to diff and for events to deliver. */
const POLL_MS = 1_000;
/** The diff lock's term: a process that died while diffing frees it then. */
const DIFF_LOCK_MS = 15_000;

/** Whose stream it is: the session (its id, to end it at sign-out) and its operator. */
export interface Watcher {
  readonly sessionId: string;
  readonly email: string;
}

/**
 * The failure watch: diffs each new fleet snapshot once for all gateway processes (under a lock,
 * against the digest of the last one diffed), logs the events with their sequence, and streams
 * them to every signed-in operator. It reads the fleet store only: never an upstream.
 */
@Injectable()
export class WatchService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  readonly log: WatchLog;
  private readonly live = new Subject<WatchEvent>();
  private readonly streams = new Map<string, Set<(reason: WatchEnd['reason']) => void>>();
  /** The newest event this process has passed to its streams; null while none is open. */
  private delivered: number | null = null;
  /** The snapshot this process last saw diffed. */
  private diffed: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private polling = false;
  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @InjectPinoLogger(WatchService.name) private readonly logger: PinoLogger,
    @Inject(REDIS) redis: RedisConnection | null,
    @Inject(SESSION_STORE) private readonly sessions: FailFastSessionStore,
    @Inject(OPERATOR_STORE) private readonly operators: OperatorStore,
    @Inject(FleetService) private readonly fleet: FleetService,
  ) {
    this.log = redis ? new RedisWatchLog(redis) : new MemoryWatchLog();
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.poll(), POLL_MS).unref();
  }

  /**
   * Before the server waits for its connections to end: the streams end now, without `event:
   * end`, so each browser reconnects at once (to another replica, with its Last-Event-ID).
   */
  beforeApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.live.complete();
  }

  /** Diffs a new snapshot (once, whichever process gets there), then delivers new events. */
  async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      const { version } = await this.fleet.store.status();
      if (version && version !== this.diffed && (await this.diff(version))) this.diffed = version;
      // No stream open here: nothing to deliver (an idle process reads one key a second).
      if (this.delivered === null) return;
      const { latest } = await this.log.bounds();
      if (latest > this.delivered) {
        for (const event of await this.log.after(this.delivered)) {
          this.delivered = Math.max(this.delivered, event.sequence);
          this.live.next(event);
        }
      }
    } catch (err) {
      this.logger.warn({ err }, 'failure watch could not read the snapshot or its log');
    } finally {
      this.polling = false;
    }
  }

  /** True once the version is diffed (here or by another process); false to try again. */
  private async diff(version: string): Promise<boolean> {
    const release = await this.log.lock(DIFF_LOCK_MS);
    if (!release) return false;
    try {
      const baseline = await this.log.baseline();
      if (baseline?.version === version) return true;
      const published = await this.fleet.store.published(version);
      if (!published) return false; // a newer one was saved meanwhile: the next poll takes it
      const events = await this.log.commit(diffSnapshots(baseline, published), digestOf(published));
      if (events.length)
        this.logger.info(
          { version, events: events.length, first: events[0]!.sequence },
          'failure watch events',
        );
      return true;
    } finally {
      await release().catch(() => undefined);
    }
  }

  /** Where an operator stands: the log's bounds and their seen sequence. */
  async state(email: string): Promise<WatchState> {
    const [{ latest, oldest }, seen] = await Promise.all([
      this.log.bounds(),
      this.operators.getSeen(email),
    ]);
    return { latest, oldest, seen, replayFrom: null, gap: false };
  }

  /** Stores the operator's seen sequence: never past the newest event, never lowered (the store). */
  async markSeen(email: string, sequence: number): Promise<number> {
    const [{ latest }, before] = await Promise.all([
      this.log.bounds(),
      this.operators.getSeen(email),
    ]);
    const seen = Math.min(sequence, latest);
    return seen === before ? seen : this.operators.setSeen(email, seen);
  }

  /** The setups the operator watches, oldest first. */
  async watched(email: string): Promise<WatchedSetups> {
    return { watched: await this.operators.listWatched(email) };
  }

  /** Watches a setup (again: no change); 409 past WATCHED_MAX. */
  async watchSetup(email: string, setup: WatchedSetup): Promise<WatchedSetups> {
    const watched = await this.operators.listWatched(email);
    const already = watched.some((w) => sameSetup(w, setup));
    if (!already && watched.length >= WATCHED_MAX)
      // 409 with VALIDATION_FAILED, as the operator store's limits (views/operator-store.ts).
      throw new ApiException(
        409,
        'VALIDATION_FAILED',
        `You watch ${WATCHED_MAX} setups, the most kept: stop watching one to watch another.`,
      );
    if (!already) await this.operators.watch(email, setup);
    return this.watched(email);
  }

  async unwatchSetup(email: string, setup: WatchedSetup): Promise<WatchedSetups> {
    await this.operators.unwatch(email, setup);
    return this.watched(email);
  }

  /**
   * The stream's messages: `event: state` (its id the sequence replay starts after, so a drop
   * during replay resumes there), the kept events after `lastEventId` (else the seen sequence,
   * else none), then live ones, each once in sequence order; a comment every heartbeat, when the
   * session is checked; `event: end` and the end at sign-out or when the session is gone.
   */
  stream(watcher: Watcher, lastEventId: number | null): Observable<MessageEvent> {
    return new Observable<MessageEvent>((subscriber) => {
      let last = Number.POSITIVE_INFINITY;
      const waiting: WatchEvent[] = [];
      const send = (event: WatchEvent) => {
        if (event.sequence <= last) return;
        last = event.sequence;
        subscriber.next({ id: String(event.sequence), data: event });
      };
      const liveSub = this.live.subscribe({
        next: (event) => (last === Number.POSITIVE_INFINITY ? waiting.push(event) : send(event)),
        complete: () => subscriber.complete(),
      });
      const end = (reason: WatchEnd['reason']) => {
        // An id of its own, or Nest would number it (1, 2…) and the browser keep that as its
        // Last-Event-ID: the last one sent, or the one it came with.
        const id = Number.isFinite(last) ? String(last) : String(lastEventId ?? '');
        subscriber.next({ type: 'end', id, data: { reason } satisfies WatchEnd });
        subscriber.complete();
      };
      const ends = this.streams.get(watcher.sessionId) ?? new Set();
      this.streams.set(watcher.sessionId, ends.add(end));
      void this.replay(subscriber, watcher, lastEventId).then((from) => {
        if (from === null) return;
        last = from.last;
        for (const event of waiting.splice(0)) send(event);
      });
      const beat = setInterval(
        () => void this.heartbeat(subscriber, watcher, end),
        this.heartbeatMs,
      );
      return () => {
        clearInterval(beat);
        liveSub.unsubscribe();
        ends.delete(end);
        if (!ends.size) this.streams.delete(watcher.sessionId);
        if (!this.streams.size) this.delivered = null;
      };
    });
  }

  private get heartbeatMs() {
    return this.config.watch.heartbeatMs;
  }

  private async replay(
    subscriber: Subscriber<MessageEvent>,
    watcher: Watcher,
    lastEventId: number | null,
  ): Promise<{ last: number } | null> {
    try {
      const [bounds, seen] = await Promise.all([
        this.log.bounds(),
        this.operators.getSeen(watcher.email),
      ]);
      // The first stream open here says where delivery starts: after what its replay reads.
      // (Later streams read the log later: what was delivered before they listened, they replay.)
      this.delivered ??= bounds.latest;
      const from = lastEventId ?? seen ?? bounds.latest;
      const events = await this.log.after(from);
      subscriber.next({
        type: 'state',
        id: String(from),
        retry: WATCH_RETRY_MS,
        data: {
          ...bounds,
          seen,
          replayFrom: from,
          gap: replayGap(from, bounds),
        } satisfies WatchState,
      });
      for (const event of events) subscriber.next({ id: String(event.sequence), data: event });
      return { last: events.at(-1)?.sequence ?? from };
    } catch (err) {
      subscriber.error(err);
      return null;
    }
  }

  /** A comment that keeps proxies from closing the stream, once the session is known to live. */
  private async heartbeat(
    subscriber: Subscriber<MessageEvent>,
    watcher: Watcher,
    end: (reason: WatchEnd['reason']) => void,
  ): Promise<void> {
    if (subscriber.closed) return;
    if (!(await this.signedIn(watcher.sessionId))) return end('session-expired');
    // An open watch is an operator about: the snapshot keeps refreshing for it.
    this.fleet.noteActivity();
    subscriber.next({ comment: 'heartbeat' });
  }

  /** The session still exists and is within its absolute lifetime (a store failure: not known). */
  private signedIn(sessionId: string): Promise<boolean> {
    return new Promise((resolve) =>
      this.sessions.get(sessionId, (err, session?: SessionData | null) => {
        const user = err ? undefined : session?.user;
        resolve(!!user && Date.now() - user.signedInAt <= this.config.session.absoluteTimeoutMs);
      }),
    );
  }

  /** Sign-out in this process: its streams end at once (other processes' at their heartbeat). */
  signedOut(sessionId: string): void {
    for (const end of [...(this.streams.get(sessionId) ?? [])]) end('signed-out');
  }

  /** Streams open in this process (tests, metrics). */
  get openStreams(): number {
    let n = 0;
    for (const ends of this.streams.values()) n += ends.size;
    return n;
  }
}

const sameSetup = (a: WatchedSetup, b: WatchedSetup) =>
  a.flow === b.flow && a.productId === b.productId && a.setupId === b.setupId;
