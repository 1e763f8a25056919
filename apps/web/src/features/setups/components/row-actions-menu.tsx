import { ActionsMenu } from '@onboarding/ui';
import { Link } from 'react-router-dom';
import type { SetupFlow } from '@/lib/setup-flow';
import type { SetupGroup } from '../utils/group-setups';

interface Props {
  flow: SetupFlow;
  group: SetupGroup;
  /** Opens the Actions/More details drawer; `opener` gets focus back when it closes. */
  onOpenActions: (group: SetupGroup, opener: HTMLElement) => void;
  /** Pointer over or focus on the button, before any click. */
  onIntent?: (() => void) | undefined;
}

/** A row's menu: See Details, Edit Setup, Actions/More details. */
export function RowActionsMenu({ flow, group, onOpenActions, onIntent }: Props) {
  const { setupId } = group;
  return (
    <ActionsMenu
      label={`Actions for ${group.clientName}`}
      linkComponent={Link}
      onIntent={onIntent}
      items={[
        { label: 'See Details', href: flow.routes.details(setupId) },
        { label: 'Edit Setup', href: flow.routes.edit(setupId) },
        { label: 'Actions/More details', onSelect: (opener) => onOpenActions(group, opener) },
      ]}
    />
  );
}
