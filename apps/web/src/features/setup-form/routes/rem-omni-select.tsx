import { routePath } from '@/lib/routes';
import { SetupTypeChooser } from '../components/setup-type-chooser';

/** remOmniAddNew (/rem_omni/select): prospect or existing client. */
export function Component() {
  return (
    <SetupTypeChooser
      prospectPath={routePath('remOmniProspect')}
      clientPath={routePath('remOmniClient')}
    />
  );
}
