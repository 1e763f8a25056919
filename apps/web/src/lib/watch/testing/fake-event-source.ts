/**
 * A stand-in for the browser's EventSource, which jsdom lacks, driven by the test: it records
 * each stream the app opens, and the test delivers its messages (`state`, events, `end`), drops
 * it as the browser does (reconnecting by itself, `readyState` CONNECTING) or refuses it (a 401
 * or 502: `readyState` CLOSED, as a browser gives up on an answer that is not an event stream).
 */
import type { WatchEnd, WatchEvent, WatchState } from '@onboarding/contracts';

type Listener = (event: MessageEvent<string>) => void;

export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;

  /** Every stream opened since `install()`, oldest first. */
  static opened: FakeEventSource[] = [];
  private static replaced: unknown;

  readyState = FakeEventSource.CONNECTING;
  readonly url: string;
  readonly withCredentials = false;
  onopen: Listener | null = null;
  onmessage: Listener | null = null;
  onerror: Listener | null = null;

  constructor(url: string | URL) {
    super();
    this.url = String(url);
    FakeEventSource.opened.push(this);
  }

  /** Puts the stand-in in place of the global EventSource until `uninstall()`. */
  static install(): void {
    FakeEventSource.opened = [];
    FakeEventSource.replaced = (globalThis as { EventSource?: unknown }).EventSource;
    (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  }

  static uninstall(): void {
    for (const stream of FakeEventSource.opened) stream.readyState = FakeEventSource.CLOSED;
    const g = globalThis as { EventSource?: unknown };
    if (FakeEventSource.replaced === undefined) delete g.EventSource;
    else g.EventSource = FakeEventSource.replaced;
  }

  /** The streams the app still holds open. */
  static live(): FakeEventSource[] {
    return FakeEventSource.opened.filter((s) => s.readyState !== FakeEventSource.CLOSED);
  }

  /** The newest stream opened. */
  static latest(): FakeEventSource {
    const stream = FakeEventSource.opened.at(-1);
    if (!stream) throw new Error('No EventSource was opened');
    return stream;
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  private deliver(type: string, data: unknown, id: string) {
    if (this.readyState === FakeEventSource.CLOSED) return;
    this.readyState = FakeEventSource.OPEN;
    const event = new MessageEvent<string>(type, { data: JSON.stringify(data), lastEventId: id });
    this.dispatchEvent(event);
    if (type === 'message') this.onmessage?.(event);
  }

  /** The stream's first message: where the operator stands. */
  state(state: Partial<WatchState> = {}): void {
    const full: WatchState = {
      latest: 0,
      oldest: null,
      seen: null,
      replayFrom: null,
      gap: false,
      ...state,
    };
    full.replayFrom ??= full.seen ?? full.latest;
    this.deliver('state', full, String(full.replayFrom));
  }

  /** One watch event (its id is its sequence). */
  event(event: WatchEvent): void {
    this.deliver('message', event, String(event.sequence));
  }

  /** The gateway's `event: end` before it closes the stream. */
  end(reason: WatchEnd['reason']): void {
    this.deliver('end', { reason }, '');
  }

  /** The connection dropped: the browser reconnects by itself (`error`, still CONNECTING). */
  drop(): void {
    this.readyState = FakeEventSource.CONNECTING;
    this.fire('error');
  }

  /** Answered with something other than a stream (401, 502): the browser gives up. */
  refuse(): void {
    this.readyState = FakeEventSource.CLOSED;
    this.fire('error');
  }

  private fire(type: string) {
    const event = new MessageEvent<string>(type);
    this.dispatchEvent(event);
    if (type === 'error') this.onerror?.(event);
  }
}
