import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { usePaletteShortcut } from '@onboarding/ui';
import { lazy, Suspense, useCallback, useState } from 'react';

// The palette's code (the combobox, its searches) loads on first use, not with the shell.
const loadPalette = () => import('./palette-chunk').then((m) => m.loadAppCommandPalette());
const AppCommandPalette = lazy(loadPalette);

/** Starts loading the palette's code early (pointer over, or focus on, its button). */
function preload() {
  loadPalette().catch(() => {
    // Tried again when the palette opens; a failure then is the router's error screen.
  });
}

// A phone has no keyboard shortcut to show, and its app bar no room for one.
const KEYBOARD_ONLY = { '@media (max-width: 599.95px)': { display: 'none' } };

const APPLE = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/**
 * The app bar's Search button and the Ctrl/⌘+K shortcut, both opening the command palette
 * (docs/requirements.md#decision-command-palette).
 */
export function CommandPaletteLauncher() {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  const hide = useCallback(() => setOpen(false), []);
  usePaletteShortcut(show);
  return (
    <>
      <Button
        color="inherit"
        size="small"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={show}
        onPointerEnter={preload}
        onFocus={preload}
      >
        Search
        <Box component="span" sx={KEYBOARD_ONLY}>
          {` (${APPLE ? '⌘K' : 'Ctrl+K'})`}
        </Box>
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AppCommandPalette onClose={hide} />
        </Suspense>
      )}
    </>
  );
}
