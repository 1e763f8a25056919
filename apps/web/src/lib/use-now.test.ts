import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useNow } from './use-now';

const START = new Date(2026, 10, 23, 9, 30).getTime();

beforeEach(() => {
  jest.useFakeTimers({ now: START });
});

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

const wait = (ms: number) =>
  act(() => {
    jest.advanceTimersByTime(ms);
  });

describe('the current time', () => {
  it('is the time at first', () => {
    expect(renderHook(() => useNow()).result.current).toBe(START);
  });

  it('is refreshed every second by default, not in between', () => {
    const now = renderHook(() => useNow());
    wait(999);
    expect(now.result.current).toBe(START);
    wait(1);
    expect(now.result.current).toBe(START + 1000);
    wait(1000);
    expect(now.result.current).toBe(START + 2000);
  });

  it('is refreshed at the interval the caller asks', () => {
    const now = renderHook(() => useNow(60_000));
    wait(59_999);
    expect(now.result.current).toBe(START);
    wait(1);
    expect(now.result.current).toBe(START + 60_000);
  });

  it('follows a changed interval, and only it', () => {
    const now = renderHook((props) => useNow(props.intervalMs), {
      initialProps: { intervalMs: 1000 },
    });
    now.rerender({ intervalMs: 5000 });
    expect(jest.getTimerCount()).toBe(1);
    wait(4999);
    expect(now.result.current).toBe(START);
    wait(1);
    expect(now.result.current).toBe(START + 5000);
  });

  it('leaves no timer behind once the caller has gone', () => {
    renderHook(() => useNow()).unmount();
    expect(jest.getTimerCount()).toBe(0);
  });
});
