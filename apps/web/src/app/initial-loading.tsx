import { LoadingOverlay } from '@onboarding/ui';

/** Shown while the first screen's code and session check are on their way. */
export function InitialLoading() {
  return <LoadingOverlay open delayMs={200} />;
}
