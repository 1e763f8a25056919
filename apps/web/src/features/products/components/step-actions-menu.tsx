import type { Step } from '@onboarding/contracts';
import { ActionsMenu } from '@onboarding/ui';
import { Link } from 'react-router-dom';
import { routePath } from '@/lib/routes';

/** A step row's menu: Edit Step. */
export function StepActionsMenu({ step }: { step: Step }) {
  return (
    <ActionsMenu
      label={`Actions for ${step.stepName}`}
      linkComponent={Link}
      items={[
        {
          label: 'Edit Step',
          href: routePath('editStep', { id: step.productId, stepId: step.stepId }),
        },
      ]}
    />
  );
}
