import { useParams } from 'react-router-dom';
import { routePath } from '@/lib/routes';
import { SetupTypeChooser } from '../components/setup-type-chooser';

/** productSetupType (/product/:id/setup_type): prospect or existing client for the product. */
export function Component() {
  const { id = '' } = useParams();
  return (
    <SetupTypeChooser
      prospectPath={routePath('productProspect', { id })}
      clientPath={routePath('productClient', { id })}
    />
  );
}
