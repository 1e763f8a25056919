import { idleLoaded } from '@onboarding/ui';

/**
 * j/k/x/r/f on the setups list (docs/requirements.md#keyboard-shortcuts), out of its first load;
 * if their code cannot load, the list works without them.
 */
export const SetupsListKeysSlot = idleLoaded(() =>
  import('./setups-list-keys').then((m) => m.SetupsListKeys),
);
