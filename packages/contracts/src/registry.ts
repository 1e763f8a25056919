import type { AnyOperation } from './core/operation.js';
import { fleetOps } from './fleet/operations.js';
import { legacyOps } from './legacy/operations.js';
import { llmOps } from './llm/operations.js';
import { metaOps } from './meta/operations.js';
import { productRegisterOps } from './product-register/operations.js';
import { categoryAnalyticsOps, remOmniOps } from './rem-omni/operations.js';
import { sessionOps } from './session/operations.js';
import { viewsOps } from './views/operations.js';
import { watchOps } from './watch/operations.js';

const groups = [
  sessionOps,
  fleetOps,
  viewsOps,
  watchOps,
  remOmniOps,
  categoryAnalyticsOps,
  metaOps,
  productRegisterOps,
  llmOps,
  legacyOps,
] as const;

/** Every call of docs/requirements.md#calls and logout: the one registry all apps mount from. */
export const OPERATIONS: readonly AnyOperation[] = Object.freeze(
  groups.flatMap((g) => Object.values(g) as AnyOperation[]),
);

/** The proxied operations (everything but the gateway's own session calls). */
export const PROXY_OPERATIONS: readonly AnyOperation[] = OPERATIONS.filter(
  (op) => op.service !== 'gateway',
);

const byId = new Map(OPERATIONS.map((op) => [op.id, op]));

export function operationById(id: string): AnyOperation | undefined {
  return byId.get(id);
}
