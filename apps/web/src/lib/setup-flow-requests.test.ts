import { describe, expect, it } from '@jest/globals';
import { checkRequest, type AnyOperation, type SetupRow } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { productFlow, REM_OMNI_FLOW, type SetupFlow } from './setup-flow';
import { productRequests, REM_OMNI_REQUESTS } from './setup-flow-requests';

/** A Marketshare row of prospect acme foods at Walmart, failed at STI. */
const ROW: SetupRow = fixtures.setupRow({
  setupId: 12,
  clientName: 'acme foods',
  clientId: 5001,
  retailerId: 7,
  isNewClient: true,
  ismarketshareEnabled: true,
  status: 'FAILED',
  stepName: 'sti',
});
const NO_STEP: SetupRow = { ...ROW, stepName: null };
const PAGE = { searchText: 'acme', limit: 20, offset: 40 };
const ADD = [fixtures.setupAddItem()];
const UPDATE = [fixtures.setupUpdateItem()];

/** Whether the gateway takes this input for the operation (the session stamps the operator). */
function accepted(op: AnyOperation, input: { body?: unknown; query?: unknown }) {
  const check = checkRequest(op, input, { operator: 'operator@example.com' });
  return check.ok ? 'accepted' : check.issues;
}

describe("the Category Leaderboard's requests", () => {
  const r = REM_OMNI_REQUESTS;

  it('asks a list page with the page alone', () => {
    expect(r.allSetup(PAGE)).toStrictEqual({
      body: { searchText: 'acme', limit: 20, offset: 40 },
    });
  });

  it('asks the retailers with an empty body and no query', () => {
    expect(r.getRetailers()).toStrictEqual({ body: {}, query: undefined });
  });

  it("re-triggers a row's step with its marketshare flag spelt as the upstream does", () => {
    expect(r.reTrigger(ROW)).toStrictEqual({
      body: {
        setupId: 12,
        stepName: 'sti',
        clientName: 'acme foods',
        clientId: 5001,
        retailerId: 7,
        isNewClient: true,
        ismarketshareEnabled: true,
      },
    });
  });

  it('refreshes a row without its step, the marketshare flag spelt isMarketShareEnabled', () => {
    expect(r.refreshData(ROW)).toStrictEqual({
      body: {
        setupId: 12,
        clientName: 'acme foods',
        clientId: 5001,
        retailerId: 7,
        isNewClient: true,
        isMarketShareEnabled: true,
      },
    });
  });

  it('re-triggers a row with no step as an empty step name', () => {
    expect(r.reTrigger(NO_STEP).body.stepName).toBe('');
  });

  it('asks whether a client exists by its name alone', () => {
    expect(r.isClientExists('acme foods')).toStrictEqual({ body: { clientName: 'acme foods' } });
  });

  it('sends the setup items themselves as the add and update bodies', () => {
    expect(r.addSetup(ADD)).toStrictEqual({ body: ADD });
    expect(r.updateSetup(UPDATE)).toStrictEqual({ body: UPDATE });
  });
});

describe("a product's requests carry its productId", () => {
  // Built in each test, as a screen builds it with its flow.
  const r = () => productRequests(7);

  it('asks a list page with the productId beside the page', () => {
    expect(r().allSetup(PAGE)).toStrictEqual({
      body: { searchText: 'acme', limit: 20, offset: 40, productId: 7 },
    });
  });

  it('asks the retailers with the productId in the query, as text', () => {
    expect(r().getRetailers()).toStrictEqual({ query: { productId: '7' }, body: {} });
  });

  it('re-triggers a row with the productId and no marketshare flag', () => {
    expect(r().reTrigger(ROW)).toStrictEqual({
      body: {
        setupId: 12,
        stepName: 'sti',
        clientName: 'acme foods',
        clientId: 5001,
        retailerId: 7,
        isNewClient: true,
        productId: 7,
      },
    });
  });

  it('refreshes a row with its step and the productId, and no marketshare flag', () => {
    expect(r().refreshData(ROW)).toStrictEqual({
      body: {
        setupId: 12,
        clientName: 'acme foods',
        clientId: 5001,
        retailerId: 7,
        isNewClient: true,
        stepName: 'sti',
        productId: 7,
      },
    });
  });

  it('re-triggers and refreshes a row with no step as an empty step name', () => {
    expect(r().reTrigger(NO_STEP).body.stepName).toBe('');
    expect(r().refreshData(NO_STEP).body).toMatchObject({ stepName: '' });
  });

  it('asks whether a client exists for this product', () => {
    expect(r().isClientExists('acme foods')).toStrictEqual({
      body: { clientName: 'acme foods', productId: 7 },
    });
  });

  it('wraps the setup items with the productId in the add and update bodies', () => {
    expect(r().addSetup(ADD)).toStrictEqual({ body: { productId: 7, data: ADD } });
    expect(r().updateSetup(UPDATE)).toStrictEqual({ body: { data: UPDATE, productId: 7 } });
  });
});

describe('every request a flow builds is one the gateway takes for that flow', () => {
  const cases = (flow: SetupFlow) =>
    [
      ['allSetup', flow.ops.allSetup, flow.request.allSetup(PAGE)],
      ['getRetailers', flow.ops.getRetailers, flow.request.getRetailers()],
      ['reTrigger', flow.ops.reTrigger, flow.request.reTrigger(ROW)],
      ['refreshData', flow.ops.refreshData, flow.request.refreshData(ROW)],
      ['isClientExists', flow.ops.isClientExists, flow.request.isClientExists('acme foods')],
      ['addSetup', flow.ops.addSetup, flow.request.addSetup(ADD)],
      ['updateSetup', flow.ops.updateSetup, flow.request.updateSetup(UPDATE)],
    ] as const;

  it.each(cases(REM_OMNI_FLOW))('Category Leaderboard: %s', (_name, op, input) => {
    expect(accepted(op, input)).toBe('accepted');
  });

  it.each(cases(productFlow(7)))('product 7: %s', (_name, op, input) => {
    expect(accepted(op, input)).toBe('accepted');
  });
});
