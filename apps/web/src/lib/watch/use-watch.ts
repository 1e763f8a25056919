import { useEffect, useSyncExternalStore } from 'react';
import { startWatch } from './watch-stream';
import { getWatchView, subscribeWatch, type WatchView } from './watch-store';

/** This tab's failure watch: its events, seen sequence and connection. */
export function useWatchView(): WatchView {
  return useSyncExternalStore(subscribeWatch, getWatchView, getWatchView);
}

/** Keeps the tab's stream open while mounted (one stream whoever else keeps it). */
export function useWatchStream(): void {
  useEffect(() => startWatch(), []);
}
