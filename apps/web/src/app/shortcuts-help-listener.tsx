import { lazy, Suspense, useState } from 'react';
import { usePageKeys } from '@/lib/keyboard/page-keys';

// The dialog's code loads when `?` is first pressed.
const ShortcutsHelp = lazy(() =>
  import('./shortcuts-help').then((m) => ({ default: m.ShortcutsHelp })),
);

/** `?` outside a field, with no dialog open, lists every keyboard shortcut. */
export function ShortcutsHelpListener() {
  const [open, setOpen] = useState(false);
  usePageKeys({ '?': () => setOpen(true) });
  return open ? (
    <Suspense fallback={null}>
      <ShortcutsHelp onClose={() => setOpen(false)} />
    </Suspense>
  ) : null;
}
