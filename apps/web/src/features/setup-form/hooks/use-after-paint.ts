import { startTransition, useEffect, useState } from 'react';

/**
 * `value`, but taken up only after the browser has painted the frame in which it changed (the
 * next task after the next animation frame), as a transition. A view that follows the input
 * this way never delays the paint of the input's own feedback.
 */
export function useAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown(value)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [value]);
  return shown;
}
