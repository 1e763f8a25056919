import { describe, expect, it } from '@jest/globals';
import type { FoundEvent, WatchDigest } from './snapshot-diff.js';
import { MemoryWatchLog, replayGap, WATCH_LOG_SIZE } from './watch-log.js';

const digest = (version: string): WatchDigest => ({ version, takenAt: 0, flows: {} });
const live = (setupId: number): FoundEvent => ({
  type: 'live',
  at: '2026-11-26T05:00:00.000Z',
  flow: 'rem_omni',
  productId: null,
  setupId,
  clientName: `client ${setupId}`,
  retailers: 1,
});

describe("the watch's log in one process", () => {
  it('numbers events one after another from its start time, so a restarted process only counts up', async () => {
    const log = new MemoryWatchLog(1_000);
    expect(await log.bounds()).toEqual({ latest: 1_000, oldest: null });
    const first = await log.commit([live(1), live(2)], digest('a'));
    const second = await log.commit([live(3)], digest('b'));
    expect([...first, ...second].map((e) => e.sequence)).toEqual([1_001, 1_002, 1_003]);
    expect(await log.bounds()).toEqual({ latest: 1_003, oldest: 1_001 });
    expect((await log.baseline())?.version).toBe('b');
    // A later start counts on from above anything the last one numbered.
    const restarted = new MemoryWatchLog(Date.now());
    expect((await restarted.bounds()).latest).toBeGreaterThan(1_003);
  });

  it('replays the events after a sequence, oldest first', async () => {
    const log = new MemoryWatchLog(0);
    await log.commit([live(1), live(2), live(3)], digest('a'));
    expect((await log.after(1)).map((e) => [e.sequence, e.setupId])).toEqual([
      [2, 2],
      [3, 3],
    ]);
    expect(await log.after(3)).toEqual([]);
  });

  it(`keeps the last ${WATCH_LOG_SIZE} events only`, async () => {
    const log = new MemoryWatchLog(0);
    await log.commit(
      Array.from({ length: WATCH_LOG_SIZE + 5 }, (_, i) => live(i)),
      digest('a'),
    );
    expect(await log.bounds()).toEqual({ latest: WATCH_LOG_SIZE + 5, oldest: 6 });
    expect(await log.after(0)).toHaveLength(WATCH_LOG_SIZE);
  });

  it('lets one diff run at a time', async () => {
    const log = new MemoryWatchLog(0);
    const release = await log.lock();
    expect(release).not.toBeNull();
    expect(await log.lock()).toBeNull();
    await release!();
    expect(await log.lock()).not.toBeNull();
  });

  it('tells a reconnecting browser when events it missed are gone', () => {
    const bounds = { latest: 1_010, oldest: 11 };
    expect(replayGap(1_010, bounds)).toBe(false); // up to date
    expect(replayGap(10, bounds)).toBe(false); // the next one is the oldest kept
    expect(replayGap(9, bounds)).toBe(true); // event 10 fell out of the log
    // A process restarted: nothing kept, its count started above the browser's.
    expect(replayGap(1_003, { latest: 5_000, oldest: null })).toBe(true);
  });
});
