import Alert from '@mui/material/Alert';
import { MESSAGES } from '@onboarding/contracts';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { useRouteMeta } from '@/lib/route-meta';
import { productFlowOf } from '@/lib/setup-flow';
import { SetupFormScreen } from '../components/setup-form-screen';
import { parseRouteId } from '../utils/route-id';
import { modeOf } from '../utils/route-mode';

/** productProspect, productClient, productEditSetup: the per-product form (with a schedule). */
export function Component() {
  const meta = useRouteMeta();
  const { id, setupId } = useParams();
  const mode = modeOf(meta);
  const flow = useMemo(() => productFlowOf(id), [id]);
  if (!flow) return <Alert severity="error">{MESSAGES.editLoadFailed}</Alert>;
  const setup = parseRouteId(setupId);
  return (
    <SetupFormScreen
      key={`${mode}-${id ?? ''}-${setupId ?? ''}`}
      flow={flow}
      mode={mode}
      {...(setup === undefined ? {} : { setupId: setup })}
    />
  );
}
