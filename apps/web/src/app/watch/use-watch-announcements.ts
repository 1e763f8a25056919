import type { WatchedSetup, WatchEvent } from '@onboarding/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isWatched } from '@/lib/data/watch-watched';
import { useNotify } from '@/lib/notify';
import { notify } from '@/lib/watch/browser-notifications';
import { onNewWatchEvent } from '@/lib/watch/watch-store';
import {
  announcementOf,
  detailsPathOf,
  failureReason,
  failuresPathOf,
  joinAnnouncements,
  watchEventTitle,
} from '@/lib/watch/watch-words';

/** Events of one snapshot arrive one after another: they are announced together. */
const GATHER_MS = 400;

/**
 * Announces the failure watch's events new to this tab: each failure, and each watched setup
 * going live (a message as well, and a browser notification of each when they are on). Answers
 * the text of the polite live region.
 */
export function useWatchAnnouncements(watched: readonly WatchedSetup[] | undefined): string {
  const toast = useNotify();
  const navigate = useNavigate();
  const [spoken, setSpoken] = useState('');
  const watchedNow = useRef(watched);
  useEffect(() => {
    watchedNow.current = watched;
  }, [watched]);

  useEffect(() => {
    let lines: string[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onNewWatchEvent((event: WatchEvent) => {
      const watchedLive = event.type === 'live' && isWatched(watchedNow.current, event);
      const line = announcementOf(event, watchedLive);
      if (!line) return;
      lines.push(line);
      const tag = `onboarding-watch-${event.sequence}`;
      if (event.type === 'failed') {
        notify(
          `Setup failed: ${event.clientName}`,
          failureReason(event),
          tag,
          () => void navigate(failuresPathOf(event)),
        );
      } else if (watchedLive) {
        toast(`${event.clientName} (setup ${event.setupId}) is live.`, { severity: 'success' });
        notify(
          `Setup live: ${event.clientName}`,
          watchEventTitle(event),
          tag,
          () => void navigate(detailsPathOf(event)),
        );
      }
      timer ??= setTimeout(() => {
        const text = joinAnnouncements(lines);
        lines = [];
        timer = undefined;
        // The same words twice in a row would not be read again: the second differs by a space.
        setSpoken((before) => (before === text ? `${text}\u00a0` : text));
      }, GATHER_MS);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [toast, navigate]);

  return spoken;
}
