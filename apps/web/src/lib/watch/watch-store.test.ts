import { afterEach, describe, expect, it } from '@jest/globals';
import type { WatchEvent, WatchState } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import {
  addWatchEvent,
  applySeen,
  applyWatchState,
  getWatchView,
  newestKnown,
  onNewWatchEvent,
  resetWatch,
  setWatchConnected,
  subscribeWatch,
} from './watch-store';

const failed = (sequence: number): WatchEvent => fixtures.watchFailed({ sequence });

const state = (fields: Partial<WatchState> = {}): WatchState =>
  fixtures.watchState({ latest: 0, oldest: null, seen: null, replayFrom: null, ...fields });

const unseen = () => getWatchView().unseen.map((e) => e.sequence);

afterEach(() => resetWatch());

describe('the watch store', () => {
  it('tells its listeners of each change until they let go', () => {
    let told = 0;
    const stop = subscribeWatch(() => (told += 1));
    applyWatchState(state({ latest: 3 }));
    addWatchEvent(failed(4));
    expect(told).toBe(2);
    stop();
    addWatchEvent(failed(5));
    expect(told).toBe(2);
  });

  it('changes nothing, and tells nobody, when told what it already holds', () => {
    applyWatchState(state({ latest: 12, seen: 10 }), true);
    addWatchEvent(failed(11));
    let told = 0;
    const stop = subscribeWatch(() => (told += 1));
    const before = getWatchView();
    setWatchConnected(true);
    applySeen(10);
    applySeen(9);
    addWatchEvent(failed(11));
    addWatchEvent(failed(10));
    expect(getWatchView()).toBe(before);
    expect(told).toBe(0);
    setWatchConnected(false);
    expect(getWatchView()).toMatchObject({ connected: false, unseen: [before.unseen[0]] });
    expect(told).toBe(1);
    stop();
  });

  it('holds the unseen events oldest first, however they arrive', () => {
    applyWatchState(state({ latest: 10, seen: 10 }));
    for (const sequence of [14, 11, 13, 12]) addWatchEvent(failed(sequence));
    expect(unseen()).toEqual([11, 12, 13, 14]);
    expect(getWatchView().latest).toBe(14);
  });

  it('keeps the newest sequence told, whatever order the state and events come in', () => {
    addWatchEvent(failed(14));
    applyWatchState(state({ latest: 12 }));
    expect(getWatchView().latest).toBe(14);
  });

  it("drops the events a state's seen sequence covers, and keeps a seen sequence it lacks", () => {
    applyWatchState(state({ latest: 10 }));
    for (const sequence of [11, 12, 13]) addWatchEvent(failed(sequence));
    applyWatchState(state({ latest: 13, seen: 12 }));
    expect(unseen()).toEqual([13]);
    applyWatchState(state({ latest: 13, seen: null }));
    expect(getWatchView().seen).toBe(12);
    applyWatchState(state({ latest: 13, seen: 11 }));
    expect(getWatchView().seen).toBe(12);
  });

  it('keeps the newest 200 unseen events, and says that older ones were left out', () => {
    applyWatchState(state({ latest: 0 }));
    for (let sequence = 1; sequence <= 200; sequence += 1) addWatchEvent(failed(sequence));
    expect(getWatchView()).toMatchObject({ partial: false });
    expect(unseen()).toHaveLength(200);
    addWatchEvent(failed(201));
    expect(getWatchView().partial).toBe(true);
    expect(unseen()).toHaveLength(200);
    expect(unseen()[0]).toBe(2);
    expect(unseen().at(-1)).toBe(201);
  });

  it('says events were left out once the gateway no longer kept them, until all are seen', () => {
    applyWatchState(state({ latest: 12, seen: 10, gap: false }));
    expect(getWatchView().partial).toBe(false);
    applyWatchState(state({ latest: 12, seen: 10, gap: true }));
    addWatchEvent(failed(11));
    addWatchEvent(failed(12));
    expect(getWatchView().partial).toBe(true);
    applyWatchState(state({ latest: 12, seen: 10, gap: false }));
    expect(getWatchView().partial).toBe(true);
    applySeen(11);
    expect(getWatchView()).toMatchObject({ partial: true, seen: 11 });
    expect(unseen()).toEqual([12]);
    applySeen(12);
    expect(getWatchView()).toMatchObject({ partial: false, seen: 12, unseen: [] });
  });

  it('announces only the events after its first state, each once, to those still listening', () => {
    const announced: number[] = [];
    const stop = onNewWatchEvent((event) => announced.push(event.sequence));
    addWatchEvent(failed(5));
    applyWatchState(state({ latest: 12, seen: 3 }));
    addWatchEvent(failed(11));
    addWatchEvent(failed(13));
    applyWatchState(state({ latest: 14, seen: 3 }));
    addWatchEvent(failed(12));
    addWatchEvent(failed(14));
    expect(announced).toEqual([13, 14]);
    stop();
    addWatchEvent(failed(15));
    expect(announced).toEqual([13, 14]);
  });

  it('marks as seen the newest sequence known, with or without unseen events held', () => {
    expect(newestKnown()).toBe(0);
    applyWatchState(state({ latest: 13, seen: 10 }));
    expect(newestKnown()).toBe(13);
    addWatchEvent(failed(11));
    expect(newestKnown()).toBe(13);
    addWatchEvent(failed(15));
    expect(newestKnown()).toBe(15);
  });
});
