import type { SetupRow } from '@onboarding/contracts';

/**
 * One retailer row of one setup. Apart from bulk-plan.ts, so the list's first load (its tick
 * boxes) does not carry the bulk actions' rules, which load with their dialogs.
 */
export const rowKey = (row: Pick<SetupRow, 'setupId' | 'retailerId'>) =>
  `${row.setupId}:${row.retailerId}`;
