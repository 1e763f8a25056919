import { describe, expect, it } from '@jest/globals';
import { checkRequest, fleetOps, viewsOps } from '@onboarding/contracts';
import { productFlow, REM_OMNI_FLOW } from './setup-flow';

describe('the flow descriptor', () => {
  it("links each flow's own pipeline health", () => {
    expect(REM_OMNI_FLOW.routes.health()).toBe('/rem_omni/health');
    expect(productFlow(7).routes.health()).toBe('/product/7/health');
  });

  it('names each flow to the fleet reads as the gateway takes it', () => {
    expect(REM_OMNI_FLOW.fleet).toEqual({ flow: 'rem_omni' });
    expect(productFlow(7).fleet).toEqual({ flow: 'meta', productId: '7' });
    for (const flow of [REM_OMNI_FLOW, productFlow(7)]) {
      for (const op of [fleetOps.health, fleetOps.failures, viewsOps.list]) {
        expect({ op: op.id, check: checkRequest(op, { query: flow.fleet }).ok }).toEqual({
          op: op.id,
          check: true,
        });
      }
    }
  });

  it('says what its setups belong to, and a product before its name has answered', () => {
    expect([REM_OMNI_FLOW.scopeWord, REM_OMNI_FLOW.fallbackProductName]).toEqual([
      'flow',
      undefined,
    ]);
    expect([productFlow(7).scopeWord, productFlow(7).fallbackProductName]).toEqual([
      'product',
      'product 7',
    ]);
  });
});
