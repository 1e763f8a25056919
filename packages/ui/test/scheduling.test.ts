import { describe, expect, it, jest } from '@jest/globals';
import { renderHook } from '@testing-library/react';
import { loadOnce, preloadWhenIdle, useAfterPaint } from '../src/scheduling.js';
import { holdAnimationFrames } from './animation-frames.js';

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('loadOnce', () => {
  it('asks for a module once, and again after a failure', async () => {
    const load = jest
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue('module');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('offline');
    await expect(Promise.all([get(), get()])).resolves.toEqual(['module', 'module']);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('preloadWhenIdle', () => {
  it('asks when idle, once however often it is called, and again after a failure', async () => {
    const load = jest
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue('module');
    const preload = preloadWhenIdle(load, 500);
    preload();
    preload();
    expect(load).not.toHaveBeenCalled();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    await settle();
    preload();
    preload();
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    preload();
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('useAfterPaint', () => {
  it('turns true in the animation frame after it was ready, not before, and stays true', () => {
    const frames = holdAnimationFrames();
    try {
      const { result, rerender } = renderHook(({ ready }) => useAfterPaint(ready), {
        initialProps: { ready: false },
      });
      frames.run();
      expect(result.current).toBe(false);
      rerender({ ready: true });
      expect(result.current).toBe(false);
      frames.run();
      expect(result.current).toBe(true);
      rerender({ ready: false });
      expect(result.current).toBe(true);
    } finally {
      frames.restore();
    }
  });
});
