import { type AnyOperation, type OperationArea, OPERATIONS } from '@onboarding/contracts';

/** Every operation the contracts declare. */
export const ALL_OPERATIONS: readonly AnyOperation[] = OPERATIONS;

/** The proxied operations of one area, as declared in the contracts. */
export function operationsOf(area: OperationArea): readonly AnyOperation[] {
  return OPERATIONS.filter((op) => op.area === area && op.service !== 'gateway');
}
