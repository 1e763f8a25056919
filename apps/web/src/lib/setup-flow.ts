/**
 * Which setups a screen shows or edits: the Category Leaderboard's (rem_omni) or one product's
 * (meta, with its productId in every call). The list, details and form of both features serve
 * both flows; the flow decides which operation is called.
 */
import type { AnyOperation } from '@onboarding/contracts';
import { queryKeyOf } from './query-keys';

export type SetupFlow = { kind: 'rem_omni' } | { kind: 'product'; productId: number };

export const REM_OMNI_FLOW: SetupFlow = { kind: 'rem_omni' };

/** The product flow of a `:id` route parameter; null when it is not a positive integer. */
export function productFlowOf(id: string | undefined): SetupFlow | null {
  if (!id || !/^\d{1,15}$/.test(id)) return null;
  const productId = Number(id);
  return productId > 0 ? { kind: 'product', productId } : null;
}

/** One call as each flow names it. */
interface FlowOps<R extends AnyOperation = AnyOperation, M extends AnyOperation = AnyOperation> {
  remOmni: R;
  meta: M;
}

/** The operation the flow calls: rem_omni's, or meta's for a product. */
export function flowOp<R extends AnyOperation, M extends AnyOperation>(
  flow: SetupFlow,
  ops: FlowOps<R, M>,
): R | M {
  return flow.kind === 'product' ? ops.meta : ops.remOmni;
}

/**
 * The cache key of a flow's call: `[remOmni op id, ...parts]`, or `[meta op id, productId,
 * ...parts]`. Without parts, the prefix of all its answers in that flow.
 */
export function flowQueryKey(flow: SetupFlow, ops: FlowOps, ...parts: unknown[]) {
  return flow.kind === 'product'
    ? queryKeyOf(ops.meta, flow.productId, ...parts)
    : queryKeyOf(ops.remOmni, ...parts);
}
