/**
 * Which setups a screen shows: the Category Leaderboard (rem_omni) or one product's (meta, with
 * its productId in every call). One list, drawer/dialog and details implementation serves both.
 */
export type SetupsFlow = { kind: 'rem_omni' } | { kind: 'product'; productId: number };

export const REM_OMNI_FLOW: SetupsFlow = { kind: 'rem_omni' };

/** The part of a query key that tells the flows apart. */
export function flowKey(flow: SetupsFlow): string {
  return flow.kind === 'product' ? `product:${flow.productId}` : 'rem_omni';
}

/** The product flow of a `:id` route parameter; null when it is not a positive integer. */
export function productFlowOf(id: string | undefined): SetupsFlow | null {
  if (!id || !/^\d{1,15}$/.test(id)) return null;
  const productId = Number(id);
  return productId > 0 ? { kind: 'product', productId } : null;
}
