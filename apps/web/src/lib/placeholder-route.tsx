import { PlaceholderScreen } from '@onboarding/ui';
import { useRouteMeta } from './route-meta';

/** A named route whose screen comes in a later issue: its title and a note. */
export function PlaceholderRoute() {
  const meta = useRouteMeta();
  return (
    <PlaceholderScreen title={meta?.title ?? ''}>
      This screen is not available yet.
    </PlaceholderScreen>
  );
}
