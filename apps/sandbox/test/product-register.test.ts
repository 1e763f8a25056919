import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { StepSchema } from '@onboarding/contracts';
import type { RunningSandbox } from '../src/sandbox.js';
import { post, startTestSandbox } from './support.js';

const PR = '/customer-setup/product_register';

interface Product {
  productId: number;
  productName: string;
  productPath: string;
}
interface Step {
  stepId: number;
  productId: number;
  stepName: string;
  stepOrder: number;
  [key: string]: unknown;
}

const stepBody = (productId: number, stepName: string) => ({
  stepName,
  productId,
  pollingDelay: 5,
  expectedExecutionTime: null,
  triggerPayload: '{"url":"https://jobs.internal.example/x/start"}',
  statusPayload: '{"url":"https://jobs.internal.example/x/status/{{requestId}}"}',
  requestIdPath: '$.data.requestId',
  statusPath: '$.data.state',
  isPolling: true,
  isRefreshRequired: true,
  shouldRunOnAdd: false,
  shouldRunOnEdit: false,
  statusMap: '{"SUCCESS":"completed"}',
});

describe('products and their steps (product_register)', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.close());

  const steps = async (productId: number) =>
    (await post<{ steps: Step[] }>(sandbox, `${PR}/step-list?productId=${productId}`)).body.steps;

  it('lists the three seeded products, each with 4 to 8 ordered steps, every field filled', async () => {
    const res = await post<{ products: Product[] }>(sandbox, `${PR}/product-list`);
    expect(res.body.products.map((p) => p.productName)).toEqual([
      'Digital Shelf Analytics',
      'Retail Media Insights',
      'Share of Search',
    ]);
    for (const product of res.body.products) {
      const list = await steps(product.productId);
      expect(list.length).toBeGreaterThanOrEqual(4);
      expect(list.length).toBeLessThanOrEqual(8);
      expect(list.map((s) => s.stepOrder)).toEqual(list.map((_, i) => i + 1));
      for (const step of list) {
        StepSchema.parse(step);
        for (const field of [
          'triggerPayload',
          'statusPayload',
          'requestIdPath',
          'statusPath',
          'statusMap',
        ]) {
          expect(String(step[field]).length).toBeGreaterThan(3);
        }
        expect(JSON.parse(step.statusMap as string)).toMatchObject({ ERROR: 'failed' });
      }
    }
    expect((await post(sandbox, `${PR}/product-list`, { all: true })).status).toBe(400);
  });

  it('answers one product, or 404', async () => {
    const res = await post<{ productDetails: Product }>(
      sandbox,
      `${PR}/product-details?productId=2`,
    );
    expect(res.body.productDetails).toEqual({
      productId: 2,
      productName: 'Retail Media Insights',
      productPath: '/retail-media/walmart/campaigns',
    });
    expect((await post(sandbox, `${PR}/product-details?productId=42`)).status).toBe(404);
    expect((await post(sandbox, `${PR}/product-details?productId=two`)).status).toBe(400);
  });

  it('registers and updates a product; a duplicate name is refused', async () => {
    const res = await post<{ message: string }>(sandbox, `${PR}/register-product`, {
      productName: '  Shelf Health ',
      productPath: ' /shelf-health/kroger/overview ',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Product Shelf Health registered');
    const created = (
      await post<{ products: Product[] }>(sandbox, `${PR}/product-list`)
    ).body.products.at(-1)!;
    expect(created).toMatchObject({
      productName: 'Shelf Health',
      productPath: '/shelf-health/kroger/overview',
    });

    const dup = await post<{ message: string }>(sandbox, `${PR}/register-product`, {
      productName: 'shelf health',
      productPath: '/x',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A product named shelf health already exists');

    const upd = await post<{ message: string }>(sandbox, `${PR}/update-product`, {
      productId: created.productId,
      productName: 'Shelf Health Pro',
      productPath: '/shelf-health/kroger/pro',
    });
    expect(upd.status).toBe(200);
    const after = await post<{ productDetails: Product }>(
      sandbox,
      `${PR}/product-details?productId=${created.productId}`,
    );
    expect(after.body.productDetails.productName).toBe('Shelf Health Pro');
    expect(
      (
        await post(sandbox, `${PR}/update-product`, {
          productId: 999,
          productName: 'X Y Z',
          productPath: '/x',
        })
      ).status,
    ).toBe(404);
    expect(
      (await post(sandbox, `${PR}/register-product`, { productName: '', productPath: '/x' }))
        .status,
    ).toBe(400);
  });

  it('registers a step at the end, reads it back, and updates it', async () => {
    const before = await steps(2);
    const res = await post<{ message: string }>(
      sandbox,
      `${PR}/register-step`,
      stepBody(2, 'export_to_bi'),
    );
    expect(res.status).toBe(200);
    const after = await steps(2);
    const added = after.at(-1)!;
    expect(added).toMatchObject({
      stepName: 'export_to_bi',
      stepOrder: before.length + 1,
      expectedExecutionTime: null,
    });

    const detail = await post<{ stepDetail: Step }>(
      sandbox,
      `${PR}/step-detail?stepId=${added.stepId}`,
    );
    expect(detail.body.stepDetail).toEqual(added);

    const upd = await post(sandbox, `${PR}/update-step?stepId=${added.stepId}`, {
      ...stepBody(2, 'export_to_warehouse'),
      pollingDelay: 30,
      shouldRunOnEdit: true,
    });
    expect(upd.status).toBe(200);
    const changed = (
      await post<{ stepDetail: Step }>(sandbox, `${PR}/step-detail?stepId=${added.stepId}`)
    ).body.stepDetail;
    expect(changed).toMatchObject({
      stepName: 'export_to_warehouse',
      pollingDelay: 30,
      shouldRunOnEdit: true,
    });

    expect(
      (await post(sandbox, `${PR}/register-step`, stepBody(2, 'campaign_import'))).status,
    ).toBe(409);
    expect((await post(sandbox, `${PR}/register-step`, stepBody(99, 'x_step'))).status).toBe(404);
    expect(
      (await post(sandbox, `${PR}/update-step?stepId=${added.stepId}`, stepBody(1, 'x_step')))
        .status,
    ).toBe(400);
    expect((await post(sandbox, `${PR}/step-detail?stepId=99999`)).status).toBe(404);
    expect(
      (await post(sandbox, `${PR}/register-step`, { ...stepBody(2, 'y'), statusMap: '' })).status,
    ).toBe(400);
  });

  it('saves a new step order renumbered from 1 and deletes the listed steps', async () => {
    const list = await steps(3);
    const reversed = [...list].reverse();
    const [toDelete, ...kept] = reversed;
    const res = await post<{ message: string }>(sandbox, `${PR}/update-step-order?productId=3`, {
      stepData: kept.map((s, i) => ({ id: s.stepId, order: i + 2 })),
      stepToDelete: [toDelete!.stepId],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Step order saved: ${kept.length} steps, 1 deleted`);
    const after = await steps(3);
    expect(after.map((s) => s.stepId)).toEqual(kept.map((s) => s.stepId));
    expect(after.map((s) => s.stepOrder)).toEqual(kept.map((_, i) => i + 1));

    const foreign = (await steps(1))[0]!.stepId;
    const bad = await post<{ message: string }>(sandbox, `${PR}/update-step-order?productId=3`, {
      stepData: [{ id: foreign, order: 1 }],
      stepToDelete: [],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(`Step ${foreign} is not a step of product 3`);
    expect(
      (await post(sandbox, `${PR}/update-step-order?productId=3`, { stepData: [] })).status,
    ).toBe(400);
  });
});
