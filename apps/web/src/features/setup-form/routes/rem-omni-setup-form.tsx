import { useRouteMeta } from '@/lib/route-meta';
import { REM_OMNI_FLOW } from '@/lib/setup-flow';
import { useRouteIds } from '@/lib/use-route-ids';
import { SetupFormScreen } from '../components/setup-form-screen';
import { modeOf } from '../utils/route-mode';

/** remOmniProspect, remOmniClient, remOmniEditSetup: the form, its mode from the route meta. */
export function Component() {
  const meta = useRouteMeta();
  const mode = modeOf(meta);
  const edited = useRouteIds('setupId');
  return (
    <SetupFormScreen
      key={`${mode}-${edited?.setupId ?? ''}`}
      flow={REM_OMNI_FLOW}
      mode={mode}
      {...(edited ? { setupId: edited.setupId } : {})}
    />
  );
}
