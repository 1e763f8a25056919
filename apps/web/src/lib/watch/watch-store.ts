/**
 * The failure watch's events in this tab (issue 33): what the stream (watch-stream.ts) told since
 * it opened, less what the operator has marked as seen. A small external store, read with
 * `useSyncExternalStore` (use-watch.ts); one per tab, shared by the bell and whatever announces.
 */
import type { WatchEvent, WatchState } from '@onboarding/contracts';

/** The most unseen events a tab keeps (the gateway keeps the last 1,000). */
const MAX_KEPT = 200;

export interface WatchView {
  /** The last sequence the operator marked as seen (on any browser); null when never. */
  readonly seen: number | null;
  /** The newest sequence the stream has told of; 0 before any. */
  readonly latest: number;
  /** The unseen events this tab holds, oldest first. */
  readonly unseen: readonly WatchEvent[];
  /** Unseen events the gateway no longer keeps, or this tab no longer holds, were left out. */
  readonly partial: boolean;
  /** The stream has answered (its `state`) and is open. */
  readonly connected: boolean;
}

const EMPTY: WatchView = { seen: null, latest: 0, unseen: [], partial: false, connected: false };

type Listener = () => void;
type Announce = (event: WatchEvent) => void;

let view: WatchView = EMPTY;
/**
 * Events up to this sequence happened before this tab first listened (its first `state`): they
 * are listed, never announced. Null until the first state.
 */
let announcedUpTo: number | null = null;
const listeners = new Set<Listener>();
const announcers = new Set<Announce>();

function set(next: WatchView) {
  view = next;
  for (const listener of [...listeners]) listener();
}

export function getWatchView(): WatchView {
  return view;
}

export function subscribeWatch(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls `announce` with each event new to this tab (not one replayed from before it listened). */
export function onNewWatchEvent(announce: Announce): () => void {
  announcers.add(announce);
  return () => announcers.delete(announce);
}

const after = (seen: number | null) => (event: WatchEvent) =>
  seen === null || event.sequence > seen;

/** The stream's `state` (or watch.state): where the operator stands. */
export function applyWatchState(state: WatchState, connected = view.connected): void {
  announcedUpTo ??= state.latest;
  const seen = higher(view.seen, state.seen);
  set({
    seen,
    latest: Math.max(view.latest, state.latest),
    unseen: view.unseen.filter(after(seen)),
    partial: view.partial || state.gap,
    connected,
  });
}

/** One event of the stream; an event already held or already seen changes nothing. */
export function addWatchEvent(event: WatchEvent): void {
  if (!after(view.seen)(event) || view.unseen.some((e) => e.sequence === event.sequence)) return;
  const unseen = [...view.unseen, event].sort((a, b) => a.sequence - b.sequence);
  const dropped = Math.max(0, unseen.length - MAX_KEPT);
  set({
    ...view,
    latest: Math.max(view.latest, event.sequence),
    unseen: unseen.slice(dropped),
    partial: view.partial || dropped > 0,
  });
  if (announcedUpTo !== null && event.sequence > announcedUpTo) {
    announcedUpTo = event.sequence;
    for (const announce of [...announcers]) announce(event);
  }
}

/** The operator's seen sequence moved (here, in another tab, on another browser). */
export function applySeen(seen: number): void {
  const next = higher(view.seen, seen);
  if (next === view.seen) return;
  const unseen = view.unseen.filter(after(next));
  set({ ...view, seen: next, unseen, partial: view.partial && unseen.length > 0 });
}

export function setWatchConnected(connected: boolean): void {
  if (connected !== view.connected) set({ ...view, connected });
}

/** Forgets everything: the stream stopped (signed out: the next operator starts afresh). */
export function resetWatch(): void {
  announcedUpTo = null;
  set(EMPTY);
}

/** The newest sequence this tab knows of: what "Mark all as seen" marks. */
export function newestKnown(): number {
  return Math.max(view.latest, view.unseen.at(-1)?.sequence ?? 0);
}

function higher(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}
