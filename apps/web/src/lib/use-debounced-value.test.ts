import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useDebouncedValue } from './use-debounced-value';

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

function debounced(value: string, delayMs = 500) {
  return renderHook((props) => useDebouncedValue(props.value, props.delayMs), {
    initialProps: { value, delayMs },
  });
}

const wait = (ms: number) =>
  act(() => {
    jest.advanceTimersByTime(ms);
  });

describe('a debounced value', () => {
  it('is the first value at once', () => {
    expect(debounced('acme').result.current).toBe('acme');
  });

  it('becomes a new value once it has stood for the delay, not a moment before', () => {
    const search = debounced('');
    search.rerender({ value: 'acme', delayMs: 500 });
    expect(search.result.current).toBe('');
    wait(499);
    expect(search.result.current).toBe('');
    wait(1);
    expect(search.result.current).toBe('acme');
  });

  it('waits the delay again after each change, and skips the values typed in between', () => {
    const search = debounced('');
    const seen: string[] = [];
    search.rerender({ value: 'ac', delayMs: 500 });
    wait(300);
    search.rerender({ value: 'acm', delayMs: 500 });
    wait(300);
    seen.push(search.result.current);
    search.rerender({ value: 'acme', delayMs: 500 });
    wait(499);
    seen.push(search.result.current);
    wait(1);
    seen.push(search.result.current);
    expect(seen).toEqual(['', '', 'acme']);
  });

  it('waits the delay the caller asks', () => {
    const search = debounced('', 200);
    search.rerender({ value: 'acme', delayMs: 200 });
    wait(199);
    expect(search.result.current).toBe('');
    wait(1);
    expect(search.result.current).toBe('acme');
  });

  it('leaves no timer behind once the caller has gone', () => {
    const search = debounced('');
    search.rerender({ value: 'acme', delayMs: 500 });
    expect(jest.getTimerCount()).toBe(1);
    search.unmount();
    expect(jest.getTimerCount()).toBe(0);
  });
});
