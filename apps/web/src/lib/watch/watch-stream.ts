/**
 * The failure watch's one stream per tab (issue 33): an EventSource on /api/watch/stream while
 * something in the tab listens (`startWatch`), its messages kept in watch-store.ts.
 *
 * The browser reconnects a dropped stream by itself (after the gateway's `retry:`), sending the
 * last event's id as Last-Event-ID, so nothing is lost. It gives up for good on an answer that is
 * not an event stream (a 401, or a 502 while a gateway restarts behind nginx): then watch.state
 * says which it was. A 401 takes the app's one path to sign-in and the stream stays closed; any
 * other answer opens it again after a growing pause, resuming after the last event
 * (`?lastEventId=`). `event: end` (signed out, session over) closes it, and after a pause
 * watch.state leads to sign-in.
 */
import { WatchEventSchema, watchOps, WatchStateSchema } from '@onboarding/contracts';
import { isSessionEnd } from '../unauthorized';
import { fetchWatchState, sendSeen } from '../data/watch-state';
import {
  addWatchEvent,
  applySeen,
  applyWatchState,
  newestKnown,
  resetWatch,
  setWatchConnected,
} from './watch-store';
import { watchSupported } from './watch-supported';

/** Pauses before opening a failed stream again: 5 s, doubled up to a minute. */
const FIRST_PAUSE_MS = 5_000;
const LONGEST_PAUSE_MS = 60_000;
/** Tabs of this browser tell each other the seen sequence they stored. */
const CHANNEL = 'onboarding-watch';

let users = 0;
let source: EventSource | null = null;
/** The id of the last message (its sequence), from which a reopened stream resumes. */
let lastEventId: string | null = null;
let pause = FIRST_PAUSE_MS;
let timer: ReturnType<typeof setTimeout> | null = null;
let channel: BroadcastChannel | null = null;
/** Bumped at each stop: a probe answered after it changes nothing. */
let generation = 0;

/**
 * Opens the tab's stream if it is not open; the returned function lets it go, and the last one
 * let go closes it and forgets its events.
 */
export function startWatch(): () => void {
  users += 1;
  if (users === 1) begin();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    users -= 1;
    if (users === 0) end();
  };
}

function begin() {
  if (!watchSupported()) return;
  if (typeof BroadcastChannel === 'function') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (message: MessageEvent<unknown>) => {
      const seen = (message.data as { seen?: unknown } | null)?.seen;
      if (typeof seen === 'number') applySeen(seen);
    };
  }
  document.addEventListener('visibilitychange', onVisible);
  open();
}

function end() {
  generation += 1;
  source?.close();
  source = null;
  if (timer) clearTimeout(timer);
  timer = null;
  channel?.close();
  channel = null;
  document.removeEventListener('visibilitychange', onVisible);
  lastEventId = null;
  pause = FIRST_PAUSE_MS;
  resetWatch();
}

function open() {
  const query = lastEventId ? `?lastEventId=${encodeURIComponent(lastEventId)}` : '';
  const stream = new EventSource(watchOps.stream.path + query);
  source = stream;
  const remember = (event: MessageEvent) => {
    if (event.lastEventId) lastEventId = event.lastEventId;
  };
  stream.addEventListener('state', (event: MessageEvent<string>) => {
    remember(event);
    const state = WatchStateSchema.safeParse(parse(event.data));
    if (state.success) applyWatchState(state.data, true);
    pause = FIRST_PAUSE_MS;
  });
  stream.addEventListener('message', (event: MessageEvent<string>) => {
    remember(event);
    const parsed = WatchEventSchema.safeParse(parse(event.data));
    // An event of a kind this app does not know yet is skipped; the stream goes on.
    if (parsed.success) addWatchEvent(parsed.data);
  });
  stream.addEventListener('end', () => {
    drop(stream);
    // Signed out in this tab, it is leaving for the identity provider: the pause lets it go.
    // Elsewhere (another tab, the session over), watch.state then leads to sign-in.
    const asked = generation;
    later(() => void probe(asked));
  });
  stream.addEventListener('error', () => {
    if (stream !== source) return;
    // CONNECTING: the browser is reconnecting by itself. CLOSED: it gave up.
    if (stream.readyState === EventSource.CLOSED) {
      drop(stream);
      void probe(generation);
    } else {
      setWatchConnected(false);
    }
  });
}

function drop(stream: EventSource) {
  stream.close();
  if (source === stream) source = null;
  setWatchConnected(false);
}

/** After a failed or ended stream: asks watch.state whether the session lives, then reopens. */
async function probe(asked: number) {
  try {
    const state = await fetchWatchState();
    if (asked !== generation) return;
    applyWatchState(state, false);
  } catch (error) {
    // The api client has already taken the path to sign-in: nothing more is asked.
    if (asked !== generation || isSessionEnd(error)) return;
  }
  later(() => open());
}

function later(run: () => void) {
  const wait = pause;
  pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    if (users > 0 && source === null) run();
  }, wait);
}

/** Back in view: "Mark all as seen" may have been pressed on another browser meanwhile. */
function onVisible() {
  if (document.visibilityState !== 'visible' || source === null) return;
  const asked = generation;
  fetchWatchState().then(
    (state) => {
      if (asked === generation && state.seen !== null) applySeen(state.seen);
    },
    () => {
      // Told again at the next look or reconnect; a 401 has taken the path to sign-in.
    },
  );
}

/** "Mark all as seen": stores the newest sequence this tab knows, and tells the other tabs. */
export async function markAllSeen(): Promise<number> {
  const { seen } = await sendSeen(newestKnown());
  applySeen(seen);
  channel?.postMessage({ seen });
  return seen;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
