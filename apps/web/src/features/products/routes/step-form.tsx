import { useRouteMeta } from '@/lib/route-meta';
import { StepFormPage } from '../components/step-form-page';

/** registerStep (/product/:id/register_step) and editStep (/product/:id/edit_step/:stepId). */
export function Component() {
  const meta = useRouteMeta();
  return <StepFormPage mode={meta?.name === 'editStep' ? 'edit' : 'add'} />;
}
