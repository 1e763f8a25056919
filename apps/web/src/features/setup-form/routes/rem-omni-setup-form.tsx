import { useParams } from 'react-router-dom';
import { useRouteMeta } from '@/lib/route-meta';
import { REM_OMNI_FLOW } from '@/lib/setup-flow';
import { SetupFormScreen } from '../components/setup-form-screen';
import { parseRouteId } from '../utils/route-id';
import { modeOf } from '../utils/route-mode';

/** remOmniProspect, remOmniClient, remOmniEditSetup: the form, its mode from the route meta. */
export function Component() {
  const meta = useRouteMeta();
  const { setupId } = useParams();
  const mode = modeOf(meta);
  const id = parseRouteId(setupId);
  return (
    <SetupFormScreen
      key={`${mode}-${setupId ?? ''}`}
      flow={REM_OMNI_FLOW}
      mode={mode}
      {...(id === undefined ? {} : { setupId: id })}
    />
  );
}
