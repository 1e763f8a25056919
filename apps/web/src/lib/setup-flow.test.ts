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
    expect([productFlow(8).scopeWord, productFlow(8).fallbackProductName]).toEqual([
      'product',
      'product 8',
    ]);
  });
});

describe("each flow's routes", () => {
  it('lead to the Category Leaderboard screens', () => {
    const { routes } = REM_OMNI_FLOW;
    expect([routes.list(), routes.list(''), routes.list('acme co')]).toEqual([
      '/rem_omni/see_all',
      '/rem_omni/see_all',
      '/rem_omni/see_all?search=acme+co',
    ]);
    expect([routes.details(4), routes.edit(4), routes.failures(), routes.addNew()]).toEqual([
      '/rem_omni/details/4',
      '/rem_omni/editSetup/4',
      '/rem_omni/failures',
      '/rem_omni/select',
    ]);
    expect(routes.clientForm(12)).toBe('/rem_omni/client?clientId=12');
  });

  it("lead to the product's own screens", () => {
    const { routes } = productFlow(21);
    expect([routes.list(), routes.list('acme co')]).toEqual([
      '/product/21/all_setup',
      '/product/21/all_setup?search=acme+co',
    ]);
    expect([routes.details(4), routes.edit(4), routes.failures(), routes.addNew()]).toEqual([
      '/product/21/details/4',
      '/product/21/editSetup/4',
      '/product/21/failures',
      '/product/21/setup_type',
    ]);
    expect(routes.clientForm(12)).toBe('/product/21/setup_type/client?clientId=12');
  });
});

describe('what differs between the flows', () => {
  it('keys each flow apart in the cache', () => {
    expect(REM_OMNI_FLOW.key('list', 1)).toEqual(['rem_omni', 'list', 1]);
    expect(productFlow(22).key('list', 1)).toEqual(['meta', 22, 'list', 1]);
    expect(productFlow(22).keyPrefix).toEqual(['meta', 22]);
  });

  it('schedules, tells errors, opens actions and shows nodes as each flow does', () => {
    const traits = (flow: typeof REM_OMNI_FLOW) => ({
      productId: flow.productId,
      alwaysScheduled: flow.alwaysScheduled,
      tellsServerErrors: flow.tellsServerErrors,
      actionsIn: flow.actionsIn,
      dashboard: flow.dashboard,
      rowsCarryNodes: flow.rowsCarryNodes,
    });
    expect(traits(REM_OMNI_FLOW)).toEqual({
      productId: null,
      alwaysScheduled: false,
      tellsServerErrors: false,
      actionsIn: 'drawer',
      dashboard: 'client',
      rowsCarryNodes: false,
    });
    expect(traits(productFlow(23))).toEqual({
      productId: 23,
      alwaysScheduled: true,
      tellsServerErrors: true,
      actionsIn: 'dialog',
      dashboard: 'product',
      rowsCarryNodes: true,
    });
  });

  it('is the same descriptor each time for one product, and its own for another', () => {
    expect(productFlow(9)).toBe(productFlow(9));
    expect(productFlow(9)).not.toBe(productFlow(10));
    expect(productFlow(10).productId).toBe(10);
  });
});
