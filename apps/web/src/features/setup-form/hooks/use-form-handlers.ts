import type { ScheduleForm, SetupRegion } from '@onboarding/contracts';
import { useMemo, type Dispatch } from 'react';
import type { SetupFormAction } from '../utils/form-state';
import type { SelectedNode } from '../utils/selection';

/** The form's edits as stable callbacks, so that the memoised sections skip re-rendering. */
export function useFormHandlers(dispatch: Dispatch<SetupFormAction>) {
  return useMemo(
    () => ({
      onRegionChange: (value: SetupRegion) => dispatch({ type: 'region', value }),
      onRetailerToggle: (retailerId: number, checked: boolean) =>
        dispatch({ type: 'retailer', retailerId, checked }),
      onToggleNode: (retailerId: number, node: SelectedNode, checked: boolean) =>
        dispatch({ type: 'toggleNode', retailerId, node, checked }),
      onReorder: (retailerId: number, ids: number[]) =>
        dispatch({ type: 'reorderNodes', retailerId, ids }),
      onRemove: (retailerId: number, ids: number[]) =>
        dispatch({ type: 'removeNodes', retailerId, ids }),
      onBrandsChange: (value: string) => dispatch({ type: 'brands', value }),
      onSchedule: (value: ScheduleForm) => dispatch({ type: 'schedule', value }),
    }),
    [dispatch],
  );
}
