import Alert from '@mui/material/Alert';
import { MESSAGES } from '@onboarding/contracts';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { useRouteMeta } from '@/lib/route-meta';
import { SetupFormScreen } from '../components/setup-form-screen';
import type { SetupFlow } from '../utils/flow';
import { parseRouteId } from '../utils/route-id';
import { modeOf } from '../utils/route-mode';

/** productProspect, productClient, productEditSetup: the per-product form (with a schedule). */
export function Component() {
  const meta = useRouteMeta();
  const { id, setupId } = useParams();
  const productId = parseRouteId(id);
  const mode = modeOf(meta);
  const flow = useMemo<SetupFlow | null>(
    () => (productId === undefined ? null : { kind: 'product', productId }),
    [productId],
  );
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
