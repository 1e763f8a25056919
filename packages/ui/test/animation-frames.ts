import { jest } from '@jest/globals';
import { act } from '@testing-library/react';

/**
 * Holds the page's animation frames until `run()`: what a component defers to the next frame
 * is seen not to have happened yet. `restore()` puts requestAnimationFrame back.
 */
export function holdAnimationFrames() {
  const frames: FrameRequestCallback[] = [];
  const raf = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
    frames.push(cb);
    return frames.length;
  });
  return {
    run: () => act(() => frames.splice(0).forEach((frame) => frame(performance.now()))),
    restore: () => raf.mockRestore(),
  };
}
