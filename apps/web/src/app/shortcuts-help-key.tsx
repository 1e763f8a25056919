import { lazy, Suspense, useEffect, useState } from 'react';

// If its code cannot load, the screens work without the `?` key.
const ShortcutsHelpListener = lazy(() =>
  import('./shortcuts-help-listener').then(
    (m) => ({ default: m.ShortcutsHelpListener }),
    () => ({ default: () => null }),
  ),
);

/**
 * The shell's `?`: every keyboard shortcut, in a dialog. Its listener loads when the browser is
 * first idle, so no screen's first load carries it (docs/requirements.md#keyboard-shortcuts).
 */
export function ShortcutsHelpKey() {
  const [load, setLoad] = useState(false);
  useEffect(() => {
    const start = () => setLoad(true);
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(start, 200);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(start, { timeout: 2000 });
    return () => cancelIdleCallback(idle);
  }, []);
  return load ? (
    <Suspense fallback={null}>
      <ShortcutsHelpListener />
    </Suspense>
  ) : null;
}
